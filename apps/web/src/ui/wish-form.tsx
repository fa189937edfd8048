import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '@/core/feedback-ui';
import { startLoginFlow } from '@/core/login-flow';
import { useIsLoggedIn } from '@/core/storage';
import { useSubmitWish } from './api/submit-wish';
import { uiMessages } from './messages';

const WISH_MAX_LENGTH = 200;

/** keepsDraft: the route is keep-alive, so a half-written wish survives leaving the page. */
export function WishForm({ page, keepsDraft }: { page: string; keepsDraft: boolean }) {
  const [content, setContent] = useState('');
  const loggedIn = useIsLoggedIn();
  const mutation = useSubmitWish(() => {
    setContent('');
    showToast({ icon: 'success', content: uiMessages.wishThanks });
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
