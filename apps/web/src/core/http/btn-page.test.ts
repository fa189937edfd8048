import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessChannel } from '../channel';
import { setNavigator } from '../navigation';
import { writeSoftwareType } from '../storage';
import { runBtnPage } from './btn-page';

type HostWindow = Window & { HaoshiAndroid?: Record<string, unknown> };
const host = window as HostWindow;
const navigate = vi.fn();
const commonPageNavigation = vi.fn();
const location = { assign: vi.fn() };
let unregister: () => void;

beforeEach(() => {
  unregister = setNavigator(navigate);
  writeSoftwareType(AccessChannel.ANDROID);
  host.HaoshiAndroid = { commonPageNavigation };
  vi.stubGlobal('location', location);
});

afterEach(() => {
  unregister();
  vi.unstubAllGlobals();
  vi.resetAllMocks();
  delete host.HaoshiAndroid;
});

describe('runBtnPage', () => {
  it.each<[string | undefined, string | undefined, string | undefined, string | undefined]>([
    ['/wallet', '/wallet', undefined, undefined],
    [' /order_detail?order_id=9 ', '/order_detail?order_id=9', undefined, undefined],
    ['https://pay.example.com/cashier', undefined, 'https://pay.example.com/cashier', undefined],
    ['HTTP://example.com', undefined, 'HTTP://example.com', undefined],
    ['wallet', undefined, undefined, '{"name":"wallet","params":{}}'],
    [
      '{"name":"goods_detail","params":{"goods_id":"g1"}}',
      undefined,
      undefined,
      '{"name":"goods_detail","params":{"goods_id":"g1"}}',
    ],
    [
      '{"name":"user_goods_list","params":[1]}',
      undefined,
      undefined,
      '{"name":"user_goods_list","params":{}}',
    ],
    ['//evil.example.com', undefined, undefined, undefined],
    ['javascript:alert(1)', undefined, undefined, undefined],
    ['not_an_action', undefined, undefined, undefined],
    ['{"name":"nope"}', undefined, undefined, undefined],
    ['', undefined, undefined, undefined],
    [undefined, undefined, undefined, undefined],
  ])('%j → route %j, address %j, native %j', (btnPage, route, address, native) => {
    runBtnPage(btnPage);
    expect(navigate.mock.calls).toEqual(route ? [[route, undefined]] : []);
    expect(location.assign.mock.calls).toEqual(address ? [[address]] : []);
    expect(commonPageNavigation.mock.calls).toEqual(native ? [[native]] : []);
  });
});
