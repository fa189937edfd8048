import { describe, expect, it } from 'vitest';
import type { PublishProperties } from '@haoshi/contracts';
import { emptyDraft, type PublishDraft } from './publish-draft';
import {
  draftSaveErrors,
  firstStepWithErrors,
  nextStep,
  previousStep,
  remainingErrors,
  stepErrors,
  stepOfField,
} from './wizard-steps';

const properties: PublishProperties = {
  game_id: 1,
  game_name: '王者荣耀',
  platforms: ['ios', 'android'],
  fields: [
    {
      key: 'rank',
      label: '段位',
      type: 'enum',
      required: true,
      filterable: true,
      highlight: true,
      options: [{ value: 'v1', label: '黄金' }],
    },
    {
      key: 'vip',
      label: '贵族等级',
      type: 'int',
      required: true,
      filterable: true,
      highlight: false,
      min: 0,
      max: 10,
      unit: '级',
    },
  ],
  bindings: [
    {
      key: 'phone',
      label: '手机绑定',
      type: 'enum',
      required: true,
      options: [{ value: 'none', label: '未绑定' }],
    },
    { key: 'can_rebind', label: '支持换绑', type: 'bool', required: true },
  ],
  guarantees: [],
  min_screenshots: 2,
  max_screenshots: 3,
};

const none = { done: 0, unfinished: 0 };
const complete: PublishDraft = {
  ...emptyDraft(1),
  platform: 'ios',
  partitionId: 1,
  attrs: { rank: 'v1', vip: 3 },
  bindings: { phone: 'none', can_rebind: false },
  title: '荣耀王者号',
  price: '99.9',
};

describe('wizard steps', () => {
  it('finds the step of every field the server may name', () => {
    expect(stepOfField('game_id')).toBe('game');
    expect(stepOfField('partition_id')).toBe('partition');
    expect(stepOfField('platform')).toBe('partition');
    expect(stepOfField('attrs.vip')).toBe('attributes');
    expect(stepOfField('bindings.phone')).toBe('bindings');
    expect(stepOfField('screenshots')).toBe('screenshots');
    expect(stepOfField('screenshots.0')).toBe('screenshots');
    expect(stepOfField('title')).toBe('details');
    expect(stepOfField('original_price')).toBe('details');
    expect(stepOfField('guarantees')).toBe('details');
  });

  it('jumps to the earliest step holding an error', () => {
    expect(firstStepWithErrors({ title: 'x', 'bindings.phone': 'y' })).toBe('bindings');
    expect(firstStepWithErrors({ price: 'x', 'attrs.vip': 'y', screenshots: 'z' })).toBe('attributes');
    expect(firstStepWithErrors({})).toBeUndefined();
  });

  it('moves forward and back in order', () => {
    expect(nextStep('game')).toBe('partition');
    expect(nextStep('screenshots')).toBe('details');
    expect(nextStep('details')).toBeUndefined();
    expect(previousStep('partition')).toBe('game');
    expect(previousStep('game')).toBeUndefined();
  });

  it('holds the seller on game and partition until chosen', () => {
    expect(stepErrors('game', emptyDraft(), properties, none)).toEqual({ game_id: '选择要出售账号的游戏' });
    expect(stepErrors('partition', emptyDraft(1), properties, none)).toEqual({ platform: '选择平台' });
    expect(stepErrors('partition', { ...emptyDraft(1), platform: 'ios' }, properties, none)).toEqual({
      partition_id: '选择区服',
    });
    expect(stepErrors('partition', complete, properties, none)).toEqual({});
  });

  it('holds a bargain floor that is not an amount below the price', () => {
    const draft = { ...emptyDraft(1), title: '王者荣耀 全皮肤', price: '300', bargain: true };
    const floorError = (bargainFloor: string) =>
      stepErrors('details', { ...draft, bargainFloor }, properties, none).bargain_floor;
    expect(floorError('')).toBeUndefined();
    expect(floorError('200')).toBeUndefined();
    expect(floorError('300')).toBe('最低可议价需低于售价');
    expect(floorError('1.234')).toBe('最低可议价需大于0，且最多两位小数');
    expect(
      stepErrors('details', { ...draft, bargain: false, bargainFloor: '999' }, properties, none),
    ).toEqual({});
  });

  it('checks attributes and bindings against the schema, each on its own step', () => {
    const draft = { ...complete, attrs: { rank: 'v1', vip: 12 }, bindings: {} };
    expect(stepErrors('attributes', draft, properties, none)).toEqual({
      'attrs.vip': '贵族等级须在0到10级之间',
    });
    expect(stepErrors('bindings', draft, properties, none)).toEqual({
      'bindings.phone': '请选择手机绑定',
      'bindings.can_rebind': '请选择支持换绑',
    });
    expect(stepErrors('attributes', complete, properties, none)).toEqual({});
  });

  it('waits for uploads and counts screenshots', () => {
    expect(stepErrors('screenshots', complete, properties, { done: 2, unfinished: 1 }).screenshots).toMatch(
      /未上传完成/,
    );
    expect(stepErrors('screenshots', complete, properties, { done: 1, unfinished: 0 })).toEqual({
      screenshots: '请至少上传2张截图',
    });
    expect(stepErrors('screenshots', complete, properties, { done: 2, unfinished: 0 })).toEqual({});
  });

  it('checks title, price and original price', () => {
    expect(stepErrors('details', { ...complete, title: ' 短 ', price: '1.234' }, properties, none)).toEqual({
      title: '标题至少4个字',
      price: '金额需大于0，且最多两位小数',
    });
    expect(stepErrors('details', { ...complete, originalPrice: '50' }, properties, none)).toEqual({
      original_price: '原价不能低于售价',
    });
    expect(stepErrors('details', { ...complete, price: '1000001' }, properties, none)).toEqual({
      price: '价格不能超过1000000元',
    });
    expect(stepErrors('details', complete, properties, none)).toEqual({});
  });

  it('warns of disguised contact details before the server refuses them', () => {
    const disguised = {
      ...complete,
      title: '王者荣耀 加微\u200b信',
      description: '一三八 一二三四 五六七八',
    };
    expect(stepErrors('details', disguised, properties, none)).toEqual({
      title: '不能填写手机号、微信或QQ等联系方式，请通过平台聊天沟通',
      description: '不能填写手机号、微信或QQ等联系方式，请通过平台聊天沟通',
    });
    const innocent = { ...complete, title: '王者荣耀 V10 贵族', description: '100级 皮肤138个 QQ区' };
    expect(stepErrors('details', innocent, properties, none)).toEqual({});
  });

  it('saves a draft with only what the server needs', () => {
    expect(draftSaveErrors({ ...complete, attrs: {}, bindings: {} })).toEqual({});
    expect(draftSaveErrors({ ...emptyDraft(1), title: '标题够长' })).toEqual({
      platform: '选择平台',
      price: '金额需大于0，且最多两位小数',
    });
  });

  it("keeps a flagged field's message only while it is still wrong, with what is wrong now", () => {
    const check = (draft: PublishDraft) => (step: Parameters<typeof stepErrors>[0]) =>
      stepErrors(step, draft, properties, none);
    const flagged = { title: '标题至少4个字', price: '金额需大于0，且最多两位小数' };
    expect(remainingErrors(flagged, check({ ...complete, title: '短', price: '' }))).toEqual(flagged);
    expect(remainingErrors(flagged, check({ ...complete, title: '短' }))).toEqual({ title: '标题至少4个字' });
    expect(remainingErrors(flagged, check(complete))).toEqual({});
    expect(remainingErrors(flagged, check({ ...complete, title: 'x'.repeat(61) }))).toEqual({
      title: '标题最多60字',
    });
    // An unflagged field that is wrong is not shown before the seller tries to move on.
    expect(remainingErrors({ price: 'x' }, check({ ...complete, title: '短' }))).toEqual({});
    expect(
      remainingErrors({ 'attrs.vip': 'x' }, check({ ...complete, attrs: { rank: 'v1', vip: 3 } })),
    ).toEqual({});
    expect(remainingErrors({ platform: '选择平台' }, check({ ...emptyDraft(1), platform: 'ios' }))).toEqual(
      {},
    );
  });
});
