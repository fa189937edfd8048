import {
  Button,
  Image,
  ImageUploader,
  List,
  Selector,
  TextArea,
  Input,
  type ImageUploadItem,
} from 'antd-mobile';
import { showToast } from '@/core/feedback-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  feedbackCategories,
  feedbackCategoryLabels,
  FEEDBACK_MAX_IMAGES,
  type FeedbackRequest,
} from '@haoshi/contracts';
import { startLoginFlow } from '@/core/login-flow';
import { useIsLoggedIn } from '@/core/storage';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { useHelpCentre } from './api/help-articles';
import { useMyFeedback } from './api/my-feedback';
import { useSubmitFeedback } from './api/submit-feedback';
import { uploadImage } from './api/upload-image';
import { LoadState } from './load-state';
import { personalMessages as m } from './messages';
import './personal.css';

type Category = FeedbackRequest['category'];

/** The help centre's hot questions, each opening its full answer on /customerService. */
function HelpArticles() {
  const help = useHelpCentre();
  const navigate = useNavigate();
  return (
    <LoadState query={help}>
      {({ hot }) => (
        <List header={m.helpTitle} mode="card">
          {hot.map((article) => (
            <List.Item
              key={article.id}
              description={article.summary}
              onClick={() => navigate(`/customerService?id=${article.id}`)}
            >
              {article.title}
            </List.Item>
          ))}
          <List.Item onClick={() => navigate('/customerService')}>{m.helpMore}</List.Item>
        </List>
      )}
    </LoadState>
  );
}

function FeedbackForm() {
  const submit = useSubmitFeedback();
  const [category, setCategory] = useState<Category>('bug');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);

  const upload = async (file: File): Promise<ImageUploadItem> => {
    const uploaded = await uploadImage(file, 'feedback');
    if (!uploaded.ok) {
      showToast(uploaded.message);
      throw new Error(uploaded.message);
    }
    return { url: uploaded.url, extra: uploaded.key };
  };

  const send = () =>
    submit.mutate(
      {
        category,
        content,
        contact,
        page: '/helpFeedback',
        images: images.map((item) => String(item.extra)),
      },
      {
        onSuccess: () => {
          showToast(m.submitted);
          setContent('');
          setContact('');
          setImages([]);
        },
      },
    );

  return (
    <List header={m.feedbackTitle} mode="card">
      <List.Item title={m.feedbackCategory}>
        <Selector
          columns={3}
          options={feedbackCategories.map((value) => ({ label: feedbackCategoryLabels[value], value }))}
          value={[category]}
          onChange={(value) => {
            const [next] = value;
            if (next) setCategory(next);
          }}
        />
      </List.Item>
      <List.Item title={m.feedbackContent}>
        <TextArea
          value={content}
          onChange={setContent}
          placeholder={m.feedbackPlaceholder}
          maxLength={500}
          rows={4}
          showCount
          aria-label={m.feedbackContent}
        />
      </List.Item>
      <List.Item title={m.screenshots(images.length, FEEDBACK_MAX_IMAGES)}>
        <ImageUploader
          value={images}
          onChange={setImages}
          upload={upload}
          maxCount={FEEDBACK_MAX_IMAGES}
          accept="image/jpeg,image/png,image/webp"
          multiple
        />
      </List.Item>
      <List.Item title={m.feedbackContact}>
        <Input value={contact} onChange={setContact} maxLength={50} aria-label={m.feedbackContact} />
      </List.Item>
      <List.Item>
        <Button
          block
          color="primary"
          loading={submit.isPending}
          disabled={content.trim().length < 2}
          onClick={send}
        >
          {m.submit}
        </Button>
      </List.Item>
    </List>
  );
}

function MyFeedback() {
  const mine = useMyFeedback(true);
  if (mine.isPending) return <ScreenSkeleton />;
  const list = mine.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <List header={m.myFeedback} mode="card">
      {list.map((item) => (
        <List.Item
          key={item.id}
          description={
            <>
              {item.reply ? <span className="personal__line">{`${m.reply}${item.reply}`}</span> : null}
              {item.images.length > 0 ? (
                <span className="personal__thumbs">
                  {item.images.map((url) => (
                    <Image key={url} src={url} width={48} height={48} fit="cover" alt="" />
                  ))}
                </span>
              ) : null}
            </>
          }
          extra={m.feedbackStatus[item.status]}
        >
          {item.content}
        </List.Item>
      ))}
    </List>
  );
}

/** /helpFeedback (帮助与反馈): common questions for anyone; the feedback form and its history when logged in. */
export default function HelpFeedbackScreen() {
  const loggedIn = useIsLoggedIn();
  return (
    <div className="personal">
      <HelpArticles />
      {loggedIn ? (
        <>
          <FeedbackForm />
          <MyFeedback />
        </>
      ) : (
        <Button block color="primary" fill="outline" onClick={() => startLoginFlow('/helpFeedback')}>
          {m.loginToFeedback}
        </Button>
      )}
    </div>
  );
}
