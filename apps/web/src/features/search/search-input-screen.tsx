import { Button, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { HighlightText } from '@/ui/highlight-text';
import { useKeywords } from './api/keywords';
import { searchMessages } from './messages';
import { addSearchHistory, clearSearchHistory, readSearchHistory } from './search-history';
import { useDebouncedValue } from './use-debounced-value';
import './search.css';

export function searchResultsPath(keyword: string): string {
  return `/search_goods_list?keyword=${encodeURIComponent(keyword)}`;
}

function WordChips({ words, onPick }: { words: readonly string[]; onPick: (word: string) => void }) {
  return (
    <div className="search-input__chips">
      {words.map((word) => (
        <button key={word} type="button" className="search-input__chip" onClick={() => onPick(word)}>
          {word}
        </button>
      ))}
    </div>
  );
}

/** /search_input: type a word (suggestions after 500 ms), or pick one from history or hot words. */
export default function SearchInputScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('keyword') ?? '');
  const [history, setHistory] = useState(readSearchHistory);
  const typed = useDebouncedValue(text.trim());
  const keywords = useKeywords(typed);
  const hot = useKeywords('');

  const search = (word: string) => {
    const keyword = word.trim();
    if (keyword === '') {
      showToast(searchMessages.emptyKeyword);
      return;
    }
    setHistory(addSearchHistory(keyword));
    void navigate(searchResultsPath(keyword));
  };

  const clearHistory = async () => {
    if (!(await confirm({ content: searchMessages.clearHistoryConfirm }))) return;
    clearSearchHistory();
    setHistory([]);
  };

  const suggestions = typed !== '' && text.trim() !== '' ? (keywords.data?.suggestions ?? []) : [];
  return (
    <div className="search-input">
      {/* Not a <form>: SearchBar blurs its input on Enter, which cancels a form's implicit submit. */}
      <div className="search-input__bar" role="search">
        <SearchBar
          className="search-input__field"
          placeholder={searchMessages.placeholder}
          value={text}
          onChange={setText}
          onSearch={search}
          autoFocus
          maxLength={30}
        />
        <Button color="primary" fill="none" size="small" onClick={() => search(text)}>
          {searchMessages.submit}
        </Button>
      </div>

      {suggestions.length > 0 ? (
        <ul className="search-input__suggestions" aria-label={searchMessages.suggestionsLabel}>
          {suggestions.map((suggestion) => (
            <li key={`${suggestion.kind}-${suggestion.text}`}>
              <button
                type="button"
                onClick={() =>
                  suggestion.kind === 'game' && suggestion.game_id !== null
                    ? void navigate(`/productList?game_id=${suggestion.game_id}`)
                    : search(suggestion.text)
                }
              >
                <HighlightText text={suggestion.text} marks={suggestion.marks} />
                {suggestion.kind === 'game' ? (
                  <span className="search-input__kind">{searchMessages.gameSuggestion}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <>
          {history.length > 0 ? (
            <section className="search-input__section">
              <h2>
                {searchMessages.historyTitle}
                <button type="button" className="search-input__clear" onClick={() => void clearHistory()}>
                  {searchMessages.clearHistory}
                </button>
              </h2>
              <WordChips words={history} onPick={search} />
            </section>
          ) : null}
          {hot.data && hot.data.hot.length > 0 ? (
            <section className="search-input__section">
              <h2>{searchMessages.hotTitle}</h2>
              <ol className="search-input__hot">
                {hot.data.hot.map((word, index) => (
                  <li key={word}>
                    <button type="button" onClick={() => search(word)}>
                      <span
                        className={
                          index < 3 ? 'search-input__rank search-input__rank--top' : 'search-input__rank'
                        }
                      >
                        {index + 1}
                      </span>
                      {word}
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
