import { Button, TextArea, Toast } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { startLoginFlow } from '@/core/login-flow';
import { useIsLoggedIn } from '@/core/storage';
import { uiMessages } from './messages';

/** SPEC §7 user feedback call; a wish is feedback about a page that is not built yet. */
const FEEDBACK_PATH = '/app/user/feedback';
const WISH_MAX_LENGTH = 200;

interface Wish {
  content: string;
  page: string;
}

function submitWish(wish: Wish): Promise<unknown> {
  return http.post<unknown>(FEEDBACK_PATH, { ...wish, category: 'feature_request' }).then(unwrap);
}

/** keepsDraft: the route is keep-alive, so a half-written wish survives leaving the page. */
export function WishForm({ page, keepsDraft }: { page: string; keepsDraft: boolean }) {
  const [content, setContent] = useState('');
  const loggedIn = useIsLoggedIn();
  const mutation = useMutation({
    mutationFn: submitWish,
    onSuccess: () => {
      setContent('');
      Toast.show({ icon: 'success', content: uiMessages.wishThanks });
    },
    onError: showError,
  });

  const submit = () => {
    if (!loggedIn) startLoginFlow();
    else if (content.trim() === '') Toast.show(uiMessages.wishEmpty);
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
