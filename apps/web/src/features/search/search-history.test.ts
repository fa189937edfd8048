import { describe, expect, it } from 'vitest';
import {
  addSearchHistory,
  clearSearchHistory,
  readSearchHistory,
  SEARCH_HISTORY_KEY,
  SEARCH_HISTORY_MAX,
} from './search-history';

describe('search history', () => {
  it('puts the newest word first and moves a repeated word to the front', () => {
    addSearchHistory('王者');
    addSearchHistory('原神');
    expect(addSearchHistory(' 王者 ')).toEqual(['王者', '原神']);
    expect(readSearchHistory()).toEqual(['王者', '原神']);
  });

  it('keeps the newest 15 and ignores blank words', () => {
    for (let index = 0; index < 20; index += 1) addSearchHistory(`词${index}`);
    addSearchHistory('   ');
    const history = readSearchHistory();
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(history[0]).toBe('词19');
    expect(history).not.toContain('词4');
  });

  it('clears, and survives broken stored data', () => {
    addSearchHistory('王者');
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
    window.localStorage.setItem(SEARCH_HISTORY_KEY, '{not json');
    expect(readSearchHistory()).toEqual([]);
    window.localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['ok', 3, '', null]));
    expect(readSearchHistory()).toEqual(['ok']);
  });
});
