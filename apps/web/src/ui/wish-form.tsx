import { Button, TextArea } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiPaths, type FeedbackItem, type FeedbackRequest } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { startLoginFlow } from '@/core/login-flow';
import { useIsLoggedIn } from '@/core/storage';
import { uiMessages } from './messages';

const WISH_MAX_LENGTH = 200;

interface Wish {
  content: string;
  page: string;
}

/** A wish is feedback (SPEC §7 POST /app/user/feedback) about a page that is not built yet. */
function submitWish(wish: Wish): Promise<FeedbackItem> {
  const body: FeedbackRequest = { ...wish, category: 'feature_request' };
  return http.post<FeedbackItem>(apiPaths.feedback, body).then(unwrap);
}

/** keepsDraft: the route is keep-alive, so a half-written wish survives leaving the page. */
export function WishForm({ page, keepsDraft }: { page: string; keepsDraft: boolean }) {
  const [content, setContent] = useState('');
  const loggedIn = useIsLoggedIn();
  const mutation = useMutation({
    mutationFn: submitWish,
    onSuccess: () => {
      setContent('');
      showToast({ icon: 'success', content: uiMessages.wishThanks });
    },
    onError: showError,
  });

  const submit = () => {
    if (!loggedIn) startLoginFlow();
    else if (content.trim() === '') showToast(uiMessages.wishEmpty);
    else mutation.mutate({ content: content.trim(), page });
  };

  return (
    <section className="wish-form">
      <label className="wish-form__label" htmlFor="wish-content">
        {uiMessages.wishLabel}
      </label>
      <TextArea
        id="wish-content"
        value={content}
        onChange={setContent}
        placeholder={uiMessages.wishPlaceholder}
        maxLength={WISH_MAX_LENGTH}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
      />
      {keepsDraft ? <p className="wish-form__hint">{uiMessages.wishKeptHint}</p> : null}
      <Button block fill="outline" color="primary" loading={mutation.isPending} onClick={submit}>
        {loggedIn ? uiMessages.wishSubmit : uiMessages.wishLoginToSubmit}
      </Button>
    </section>
  );
}
