import { describe, expect, it } from 'vitest';
import { findContact, normalizeForContactCheck } from './contact-detector.ts';

describe('the contact detector (issue 9 E.8)', () => {
  it.each([
    ['13812345678', 'phone'],
    ['联系1 3 8 1 2 3 4 5 6 7 8', 'phone'],
    ['138.1234.5678', 'phone'],
    ['138-1234-5678', 'phone'],
    ['1\u200b3\u200b8\u200b1234\u200d5678', 'phone'],
    ['138\u00ad1234\u00ad5678', 'phone'],
    ['１３８１２３４５６７８', 'phone'],
    ['一三八一二三四五六七八', 'phone'],
    ['壹叁捌壹贰叁肆伍陆柒捌', 'phone'],
    ['幺三八幺二三四五六拐八', 'phone'],
    ['①③⑧①②③④⑤⑥⑦⑧', 'phone'],
    ['❶❸❽❶❷❸❹❺❻❼❽', 'phone'],
    ['⑴⑶⑻⑴⑵⑶⑷⑸⑹⑺⑻', 'phone'],
    ['号码 138 一二三四 5678', 'phone'],
    ['QQ 123456', 'qq'],
    ['q号：12345', 'qq'],
    ['扣扣联系', 'qq'],
    ['企鹅号 8888', 'qq'],
    ['ＱＱ：１２３４５６', 'qq'],
    ['加我微信', 'wechat'],
    ['V信 abc123', 'wechat'],
    ['vx：haoshi_01', 'wechat'],
    ['薇：wxid_abcdef', 'wechat'],
    ['威 zhangsan88', 'wechat'],
    ['微\u200b信', 'wechat'],
    ['w x 同号', 'wechat'],
    ['加v详聊', 'wechat'],
    ['找我 123456789', 'long_number'],
    ['1 2 3 4 5 6 7 8 9', 'long_number'],
  ])('flags %s as %s', (text, kind) => {
    expect(findContact(text)?.kind).toBe(kind);
  });

  it.each([
    '王者荣耀 V10 贵族',
    '100级 满级账号',
    '皮肤138个 英雄96个',
    '战力12345 国服前十',
    '王者荣耀 QQ区 安卓',
    '微信区 苹果 V8',
    '一手号 两个传说皮肤 三个史诗',
    '价格 1288 元 可小刀',
    '2024年 赛季 S35 荣耀王者 50星',
    '段位：星耀一 胜率 56.3%',
    '微氪 号主自用',
    '威震天 皮肤',
    '薇薇安的花园',
    'ios 15.6 机型',
    '6480元宝 648×10',
  ])('lets %s pass', (text) => {
    expect(findContact(text)).toBeNull();
  });

  it('normalises invisible characters, full-width forms and Chinese numerals', () => {
    expect(normalizeForContactCheck('Ｖ\u200b信 一三八 ①')).toBe('v信 138 1');
  });
});
