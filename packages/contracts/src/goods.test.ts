import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  goodsProcess,
  nextState,
  publishRequestSchema,
  refusalMessage,
  validateListingProperties,
  type PublishProperties,
} from './index.ts';

describe('listing process', () => {
  it('ends at sold', () => {
    expect(allowedActions(goodsProcess, 'sold', ['owner', 'customer_service', 'system'])).toEqual([]);
  });

  it('lets the owner publish and shelve, the system review and lock, staff moderate', () => {
    expect(nextState(goodsProcess, 'draft', 'submit', ['owner'])).toBe('pending_review');
    expect(nextState(goodsProcess, 'pending_review', 'approve', ['system'])).toBe('on_sale');
    expect(nextState(goodsProcess, 'pending_review', 'approve', ['owner'])).toBeUndefined();
    expect(nextState(goodsProcess, 'on_sale', 'shelf_off', ['owner'])).toBe('off_shelf');
    expect(nextState(goodsProcess, 'off_shelf', 'shelf_on', ['owner'])).toBe('pending_review');
    expect(nextState(goodsProcess, 'draft', 'edit', ['owner'])).toBe('draft');
    // On sale (issue 10 E.3): an edit or a new price stays on sale, a change of content is reviewed.
    expect(nextState(goodsProcess, 'on_sale', 'edit', ['owner'])).toBe('on_sale');
    expect(nextState(goodsProcess, 'on_sale', 'reprice', ['owner'])).toBe('on_sale');
    expect(nextState(goodsProcess, 'on_sale', 'revise', ['owner'])).toBe('pending_review');
    expect(nextState(goodsProcess, 'draft', 'reprice', ['owner'])).toBeUndefined();
    for (const action of ['edit', 'reprice', 'revise'] as const) {
      expect(nextState(goodsProcess, 'locked', action, ['owner'])).toBeUndefined();
      expect(nextState(goodsProcess, 'on_sale', action, ['customer_service'])).toBeUndefined();
    }
    expect(refusalMessage(goodsProcess, 'locked', 'reprice')).toBe('交易中的商品不能改价');
    expect(nextState(goodsProcess, 'on_sale', 'lock', ['system'])).toBe('locked');
    expect(nextState(goodsProcess, 'locked', 'sell', ['system'])).toBe('sold');
    expect(allowedActions(goodsProcess, 'draft', ['owner'])).toEqual(['edit', 'submit']);
    expect(allowedActions(goodsProcess, 'on_sale', ['customer_service'])).toEqual([
      'shelf_off',
      'verify_screenshots',
    ]);
  });
});

const properties: Pick<PublishProperties, 'fields' | 'bindings'> = {
  fields: [
    {
      key: 'level',
      label: '等级',
      type: 'int',
      min: 1,
      max: 60,
      unit: '级',
      required: true,
      filterable: true,
      highlight: true,
    },
    {
      key: 'rank',
      label: '段位',
      type: 'enum',
      options: [{ value: 'v1', label: '黄金' }],
      required: true,
      filterable: true,
      highlight: true,
    },
    {
      key: 'skins',
      label: '稀有皮肤',
      type: 'multi',
      options: [{ value: 'a', label: 'A' }],
      max_select: 1,
      required: false,
      filterable: true,
      highlight: false,
    },
  ],
  bindings: [{ key: 'can_rebind', label: '支持换绑', type: 'bool', required: true }],
};

describe('listing properties', () => {
  it('accepts values that fit the schema', () => {
    expect(
      validateListingProperties(properties, { level: 30, rank: 'v1', skins: ['a'] }, { can_rebind: true }),
    ).toEqual([]);
  });

  it('names every field that does not', () => {
    const problems = validateListingProperties(
      properties,
      { level: 61, rank: 'v9', skins: ['a', 'a'], extra: 1 },
      {},
    );
    expect(problems.map((problem) => problem.field)).toEqual([
      'attrs.extra',
      'attrs.level',
      'attrs.rank',
      'attrs.skins',
      'bindings.can_rebind',
    ]);
    expect(problems[1]?.message).toBe('等级须在1到60级之间');
  });

  it('refuses contact details and control characters in the texts, and parses the price to fen', () => {
    const base = { game_id: 1, platform: 'ios', partition_id: 1, title: '王者荣耀 好号', price: '12.5' };
    expect(publishRequestSchema.parse(base).price).toBe(1250);
    expect(publishRequestSchema.safeParse({ ...base, title: '王者 加V信 好号' }).success).toBe(false);
    expect(publishRequestSchema.safeParse({ ...base, description: '电话 138 1234 5678' }).success).toBe(
      false,
    );
    expect(publishRequestSchema.safeParse({ ...base, title: '王者荣耀\u0000好号' }).success).toBe(false);
  });
});
