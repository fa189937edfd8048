import { Button, List, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FaqArticle, FaqSummary } from '@haoshi/contracts';
import { startLoginFlow } from '@/core/login-flow';
import { useIsLoggedIn } from '@/core/storage';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useFaq } from './api/faq';
import { csMessages as m } from './messages';
import { RequestSheet } from './request-sheet';
import './customer-service.css';

const numberParam = (value: string | null) => (value && Number(value) > 0 ? Number(value) : undefined);

function Questions({ items, onOpen }: { items: FaqSummary[]; onOpen: (id: number) => void }) {
  return (
    <List mode="card">
      {items.map((item) => (
        <List.Item key={item.id} description={item.summary} onClick={() => onOpen(item.id)}>
          {item.title}
        </List.Item>
      ))}
    </List>
  );
}

function Article({ article, onOpen }: { article: FaqArticle; onOpen: (id: number) => void }) {
  return (
    <>
      <article className="cs-article" data-testid="faq-article">
        <h2>{article.title}</h2>
        {article.content.split('\n\n').map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <span className="cs-article__meta">{article.category_name}</span>
      </article>
      {article.related.length > 0 ? (
        <>
          <h2 className="cs-section-title">{m.related}</h2>
          <Questions items={article.related} onOpen={onOpen} />
        </>
      ) : null}
    </>
  );
}

/** /customerService: the help centre (search, categories, hot questions) and the way to a human. */
export default function HelpCentreScreen() {
  const [params, setParams] = useSearchParams();
  const loggedIn = useIsLoggedIn();
  const categoryId = numberParam(params.get('category_id'));
  const id = numberParam(params.get('id'));
  const keyword = params.get('keyword') ?? '';
  const [draft, setDraft] = useState(keyword);
  const [asking, setAsking] = useState(false);
  const faq = useFaq({ categoryId, keyword, id });

  const go = (next: Record<string, string>) => setParams(next);
  const open = (articleId: number) => go({ id: String(articleId) });
  const askHuman = () => (loggedIn ? setAsking(true) : startLoginFlow());

  if (faq.isPending) return <ScreenSkeleton />;
  if (faq.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={m.faqFailed}
        description={m.faqFailedHint}
        actions={[{ text: m.reload, primary: true, onClick: () => void faq.refetch() }]}
      />
    );
  const data = faq.data;
  return (
    <div className="cs-screen">
      <div className="cs-search">
        <SearchBar
          placeholder={m.searchPlaceholder}
          value={draft}
          onChange={setDraft}
          onSearch={(value) => go(value.trim() ? { keyword: value.trim() } : {})}
          onClear={() => go({})}
        />
      </div>
      {data.article ? (
        <Article article={data.article} onOpen={open} />
      ) : keyword ? (
        <>
          <h2 className="cs-section-title">{m.searchResults}</h2>
          {data.list.length > 0 ? (
            <Questions items={data.list} onOpen={open} />
          ) : (
            <StatusScreen
              status="empty"
              title={m.noResults}
              description={m.noResultsHint}
              actions={[{ text: m.askHuman, primary: true, onClick: askHuman }]}
              testId="faq-empty"
            />
          )}
        </>
      ) : (
        <>
          <h2 className="cs-section-title">{m.categoriesTitle}</h2>
          <div className="cs-categories">
            {data.categories.map((category) => (
              <button
                key={category.id}
                type="button"
                className="cs-category"
                aria-pressed={category.id === categoryId}
                onClick={() => go(category.id === categoryId ? {} : { category_id: String(category.id) })}
              >
                <span className="cs-category__name">{category.name}</span>
                <span className="cs-category__hint">{category.description}</span>
              </button>
            ))}
          </div>
          {categoryId !== undefined ? (
            <Questions items={data.list} onOpen={open} />
          ) : (
            <>
              <h2 className="cs-section-title">{m.hotTitle}</h2>
              <Questions items={data.hot} onOpen={open} />
            </>
          )}
        </>
      )}
      <div className="cs-footer">
        <Button block color="primary" onClick={askHuman}>
          {m.askHuman}
        </Button>
      </div>
      {loggedIn ? <RequestSheet open={asking} onClose={() => setAsking(false)} /> : null}
    </div>
  );
}
