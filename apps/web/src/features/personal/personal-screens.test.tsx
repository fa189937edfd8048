import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiPaths,
  customerServicePaths,
  ErrorCodes,
  type Binding,
  type PrivacySettings,
  type Profile,
  type SessionItem,
  type WxNotice,
} from '@haoshi/contracts';
import { setAuthorization } from '@/core/storage';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import DeviceInfoScreen from './device-info-screen';
import HelpFeedbackScreen from './help-feedback-screen';
import LocationInfoScreen from './location-info-screen';
import NoticeDetailsScreen from './notice-details-screen';
import PersonBasicInfoScreen from './person-basic-info-screen';
import PersonInfoScreen from './person-info-screen';
import ThirdInfoScreen from './third-info-screen';
import WxPushInformScreen from './wx-push-inform-screen';
import { matchRegion } from './native-location';

const fake = setupFakeApi();
const now = new Date().toISOString();

const profile = (over: Partial<Profile> = {}): Profile => ({
  id: 7,
  phone_masked: '137****0001',
  nickname: '小明',
  avatar: '',
  gender: 'unknown',
  birthday: null,
  province_code: '',
  city_code: '',
  region: '',
  created_at: now,
  ...over,
});

const session = (id: number, over: Partial<SessionItem> = {}): SessionItem => ({
  id,
  current: false,
  device: 'Android · Chrome',
  ip: '10.0.0.2',
  place: '局域网',
  created_at: now,
  last_active_at: now,
  ...over,
});

const bindings = (bound: Partial<Record<Binding['provider'], string>> = {}): { list: Binding[] } => ({
  list: (['wechat', 'qq', 'douyin'] as const).map((provider) => ({
    provider,
    name: { wechat: '微信', qq: 'QQ', douyin: '抖音' }[provider],
    bound: bound[provider] !== undefined,
    nickname: bound[provider] ?? '',
    bound_at: bound[provider] !== undefined ? now : null,
  })),
});

describe('guests', () => {
  it.each([
    ['/personInfo', <PersonInfoScreen key="p" />],
    ['/personBasicInfo', <PersonBasicInfoScreen key="b" />],
    ['/locationInfo', <LocationInfoScreen key="l" />],
    ['/devicceInfo', <DeviceInfoScreen key="d" />],
    ['/thirdInfo', <ThirdInfoScreen key="t" />],
    ['/wxPushInform', <WxPushInformScreen key="w" />],
  ])('%s asks a guest to log in and loads nothing', (path, element) => {
    renderScreen(path, element, { otherPaths: ['/h5Login'] });
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(fake.requests).toHaveLength(0);
  });

  it('/helpFeedback shows the help articles to a guest and asks them to log in to write feedback', async () => {
    fake.on(customerServicePaths.faq, () => ({
      categories: [],
      hot: [{ id: 1, category_id: 1, title: '担保交易是怎样保护我的？', summary: '资金由平台托管' }],
      list: [],
      article: null,
    }));
    renderScreen('/helpFeedback', <HelpFeedbackScreen />);
    expect(await screen.findByText('担保交易是怎样保护我的？')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录后提交反馈' })).toBeTruthy();
  });
});

describe('logged in', () => {
  beforeEach(() => setAuthorization('token-1'));

  it('/personInfo shows the account and turns a privacy switch off', async () => {
    let privacy: PrivacySettings = { visitor_traces: true, personalised_recommendations: true };
    fake
      .on('GET', apiPaths.userProfile, () => profile({ region: '广东省 深圳市' }))
      .on('GET', apiPaths.userPrivacy, () => privacy)
      .on('POST', apiPaths.userPrivacy, ({ body }) => {
        privacy = { ...privacy, ...body };
        return privacy;
      });
    renderScreen('/personInfo', <PersonInfoScreen />);
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(await screen.findByTestId('person-nickname')).toHaveProperty('textContent', '小明');
    expect(screen.getByText('广东省 深圳市')).toBeTruthy();
    const traces = await screen.findByRole('switch', { name: '访客足迹' });
    fireEvent.click(traces);
    await waitFor(() => expect(privacy.visitor_traces).toBe(false));
    const sent = fake.requests.find((request) => request.key === 'POST /app/user/privacy');
    expect(sent?.body).toEqual({ visitor_traces: false });
  });

  it('/personInfo offers a retry when the profile cannot load', async () => {
    fake
      .on('GET', apiPaths.userProfile, () => reply.network())
      .on('GET', apiPaths.userPrivacy, () => reply.network());
    renderScreen('/personInfo', <PersonInfoScreen />);
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('/personBasicInfo saves a new nickname and lists the change history', async () => {
    let current = profile();
    fake
      .on('GET', apiPaths.userProfile, () => current)
      .on('POST', apiPaths.userProfile, ({ body }) => {
        current = profile({ nickname: body.nickname ?? current.nickname });
        return current;
      })
      .on(apiPaths.userProfileHistory, () => ({
        list:
          current.nickname === '小明'
            ? []
            : [
                {
                  id: 1,
                  field: 'nickname' as const,
                  old_value: '小明',
                  new_value: current.nickname,
                  ip: '10.0.0.1',
                  created_at: now,
                },
              ],
        total: current.nickname === '小明' ? 0 : 1,
        page: 1,
        page_size: 10,
      }));
    renderScreen('/personBasicInfo', <PersonBasicInfoScreen />);
    fireEvent.click(await screen.findByTestId('edit-nickname'));
    const input = await screen.findByPlaceholderText('2-16个字，中英文、数字、下划线');
    fireEvent.change(input, { target: { value: '小明同学' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(current.nickname).toBe('小明同学'));
    expect(await screen.findByText('昵称：小明 → 小明同学')).toBeTruthy();
  });

  it('/devicceInfo signs out another device after confirmation and refreshes the list', async () => {
    let sessions = [session(1, { current: true, device: 'iPhone · Safari' }), session(2)];
    fake
      .on(apiPaths.userSessions, () => ({ list: sessions }))
      .on(apiPaths.userSessionRevoke, ({ body }) => {
        sessions = sessions.filter((row) => row.id !== body.session_id);
        return { revoked: 1 };
      });
    renderScreen('/devicceInfo', <DeviceInfoScreen />);
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(2));
    expect(screen.getByText('本机')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下线：Android · Chrome' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确/ }));
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(1));
  });

  it('/thirdInfo finishes a binding when the provider sends the user back with a code', async () => {
    let state = bindings();
    fake
      .on(apiPaths.userBindThird, () => state)
      .on(apiPaths.userBindConfirm, ({ body }) => {
        expect(body).toEqual({ provider: 'douyin', code: 'the-code', state: 'the-state' });
        state = bindings({ douyin: '抖音小明' });
        return state;
      });
    renderScreen('/thirdInfo', <ThirdInfoScreen />, {
      url: '/thirdInfo?provider=douyin&state=the-state&code=the-code',
    });
    expect(await screen.findByText('已绑定：抖音小明')).toBeTruthy();
    expect(screen.getByText('第三方信息共享清单')).toBeTruthy();
  });

  it('/wxPushInform sends a user without WeChat to bind it first', async () => {
    const state: WxNotice = {
      wechat_bound: false,
      recent_pushes: [],
      topics: [{ topic: 'order', title: '订单进度', description: '订单状态变化', enabled: true }],
    };
    fake.on('GET', apiPaths.userWxNotice, () => state);
    renderScreen('/wxPushInform', <WxPushInformScreen />);
    expect(await screen.findByTestId('wx-needs-binding')).toBeTruthy();
    expect(screen.getByRole('switch', { name: '订单进度' })).toHaveProperty('ariaDisabled', 'true');
  });

  it('/wxPushInform lists the recent pushes with their delivery status (最近推送)', async () => {
    const state: WxNotice = {
      wechat_bound: true,
      recent_pushes: [
        {
          id: 7,
          topic: 'order',
          topic_title: '订单进度',
          title: '付款成功',
          body: '订单 HS1 已付款，等待卖家交付。',
          link: '/order_detail?order_no=HS1',
          status: 'delivered',
          status_label: '已送达',
          created_at: now,
          delivered_at: now,
        },
      ],
      topics: [{ topic: 'order', title: '订单进度', description: '订单状态变化', enabled: true }],
    };
    fake.on('GET', apiPaths.userWxNotice, () => state);
    renderScreen('/wxPushInform', <WxPushInformScreen />);
    const list = await screen.findByTestId('wx-recent-pushes');
    expect(list.textContent).toContain('最近推送');
    expect(list.textContent).toContain('付款成功');
    expect(list.textContent).toContain('已送达');
  });

  it('/noticeDetails shows one of the user’s own messages, and says so when it is gone', async () => {
    fake.on(apiPaths.userEventDetail, ({ query }) =>
      query.id === 3
        ? {
            id: 3,
            kind: 'security',
            title: '设备已下线',
            body: '你下线了一台设备',
            link: '/devicceInfo',
            read: true,
            created_at: now,
          }
        : reply.error(ErrorCodes.EVENT_NOT_FOUND),
    );
    const { router } = renderScreen('/noticeDetails', <NoticeDetailsScreen />, {
      url: '/noticeDetails?event_id=3',
    });
    expect(await screen.findByRole('heading', { name: '设备已下线' })).toBeTruthy();
    await router.navigate('/noticeDetails?event_id=4');
    expect(await screen.findByTestId('notice-missing')).toBeTruthy();
  });
});

describe('native location', () => {
  const areas = [
    { code: '440000', name: '广东省', children: [{ code: '440300', name: '深圳市' }] },
    { code: '110000', name: '北京市', children: [{ code: '110100', name: '北京市' }] },
  ];

  it('matches the app’s answer by code or by name, with or without the 省/市 suffix', () => {
    expect(matchRegion(areas, { province_code: '440000', city_code: '440300' })).toEqual({
      province_code: '440000',
      city_code: '440300',
    });
    expect(matchRegion(areas, { province: '广东', city: '深圳' })).toEqual({
      province_code: '440000',
      city_code: '440300',
    });
    expect(matchRegion(areas, { province: '广东省', city: '北京市' })).toBeUndefined();
  });
});
