import { describe, expect, it } from 'vitest';
import { draftReducer, emptyDraft, publishRequestOf, yuanToFen } from './publish-draft';

describe('yuanToFen (SPEC §5 amount rule)', () => {
  it.each([
    ['1288', 128_800],
    ['1288.5', 128_850],
    ['1288.50', 128_850],
    ['0.01', 1],
    [' 12.3 ', 1_230],
    ['0.1', 10],
    ['19.99', 1_999],
  ])('%s yuan → %i fen', (input, fen) => {
    expect(yuanToFen(input)).toBe(fen);
  });

  it.each(['', '0', '0.00', '-1', '1.234', 'abc', '1e3', '12.', '.5', '１２'])('refuses %j', (input) => {
    expect(yuanToFen(input)).toBeUndefined();
  });
});

describe('publishRequestOf', () => {
  it('sends canonical decimal amounts, trimmed texts and the uploaded keys', () => {
    const draft = {
      ...emptyDraft(1),
      goodsId: 9,
      platform: 'ios' as const,
      partitionId: 2,
      title: '  荣耀王者 全皮肤  ',
      price: '1288.5',
      originalPrice: '2000',
      bargain: true,
    };
    expect(publishRequestOf(draft, ['goods-screenshot/a.jpg'], true)).toMatchObject({
      goods_id: 9,
      game_id: 1,
      platform: 'ios',
      partition_id: 2,
      title: '荣耀王者 全皮肤',
      price: '1288.50',
      original_price: '2000.00',
      screenshots: ['goods-screenshot/a.jpg'],
      bargain: true,
      urgent: false,
      submit: true,
    });
  });

  it('leaves out an empty original price and the id of a new listing', () => {
    const request = publishRequestOf({ ...emptyDraft(1), price: '10' }, [], false);
    expect(request).not.toHaveProperty('original_price');
    expect(request).not.toHaveProperty('goods_id');
    expect(request.price).toBe('10.00');
  });
});

describe('the bargain floor', () => {
  it('is sent, canonical, only when the listing takes offers', () => {
    const draft = { ...emptyDraft(1), price: '300', bargainFloor: '199.5' };
    expect(publishRequestOf({ ...draft, bargain: true }, [], false).bargain_floor).toBe('199.50');
    expect(publishRequestOf(draft, [], false)).not.toHaveProperty('bargain_floor');
    expect(publishRequestOf({ ...draft, bargain: true, bargainFloor: '' }, [], false)).not.toHaveProperty(
      'bargain_floor',
    );
  });
});

describe('draftReducer', () => {
  it('starts partition, attributes, bindings and guarantees over when the game changes', () => {
    const filled = {
      ...emptyDraft(1),
      platform: 'ios' as const,
      partitionId: 2,
      attrs: { rank: 'v1' },
      bindings: { phone: 'none' },
      guarantees: ['basic' as const],
      title: '保留的标题',
    };
    const same = draftReducer(filled, { type: 'game', gameId: 1 });
    expect(same).toBe(filled);
    const other = draftReducer(filled, { type: 'game', gameId: 2 });
    expect(other).toMatchObject({ gameId: 2, attrs: {}, bindings: {}, guarantees: [], title: '保留的标题' });
    expect(other.platform).toBeUndefined();
    expect(other.partitionId).toBeUndefined();
  });

  it('drops the partition when the platform changes and removes cleared values', () => {
    const draft = { ...emptyDraft(1), platform: 'ios' as const, partitionId: 2, attrs: { stars: 5 } };
    expect(draftReducer(draft, { type: 'platform', platform: 'android' }).partitionId).toBeUndefined();
    expect(draftReducer(draft, { type: 'attr', key: 'stars', value: undefined }).attrs).toEqual({});
  });
});
