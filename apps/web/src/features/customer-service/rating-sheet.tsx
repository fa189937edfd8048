import { Button, Popup, Rate, Selector, Switch, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { serviceRatingTags } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { useRateSession } from './api/rate-session';
import { csMessages as m } from './messages';

type Tag = (typeof serviceRatingTags)[number];

/** After a served session closes: stars, impression tags, a few words, and whether it was solved. */
export function RatingSheet({
  sessionId,
  open,
  onClose,
}: {
  sessionId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [score, setScore] = useState(5);
  const [tags, setTags] = useState<Tag[]>([]);
  const [content, setContent] = useState('');
  const [resolved, setResolved] = useState(true);
  const rate = useRateSession(() => {
    showToast(m.ratingThanks);
    onClose();
  });
  return (
    <Popup visible={open} onMaskClick={rate.isPending ? undefined : onClose} bodyClassName="cs-sheet">
      <div role="dialog" aria-label={m.ratingTitle}>
        <h2 className="cs-sheet__title">{m.ratingTitle}</h2>
        <p className="cs-order__meta">{m.ratingScore}</p>
        <Rate value={score} onChange={setScore} aria-label={m.ratingScore} />
        <p className="cs-order__meta">{m.ratingTags}</p>
        <Selector
          multiple
          columns={3}
          options={serviceRatingTags.map((tag) => ({ label: tag, value: tag }))}
          value={tags}
          onChange={(value) => setTags(value)}
        />
        <p className="cs-order__meta">
          {m.ratingResolved}{' '}
          <Switch checked={resolved} onChange={setResolved} aria-label={m.ratingResolved} />
        </p>
        <label className="cs-label" htmlFor="cs-rating-content">
          {m.ratingContent}
        </label>
        <TextArea
          id="cs-rating-content"
          placeholder={m.ratingContentPlaceholder}
          value={content}
          onChange={setContent}
          maxLength={200}
          rows={3}
        />
        <div className="cs-sheet__actions">
          <Button block onClick={onClose} disabled={rate.isPending}>
            {m.cancel}
          </Button>
          <Button
            block
            color="primary"
            disabled={score < 1}
            loading={rate.isPending}
            onClick={() =>
              rate.mutate({ session_id: sessionId, score, tags, content: content.trim(), resolved })
            }
          >
            {m.ratingSubmit}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
