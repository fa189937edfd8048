import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfter, staleAfter, type MutationName } from './query-links';
import { homeKeys, rechargeKeys, sincerityKeys, walletKeys, withdrawalKeys } from './query-keys';

/** A cache holding one answered query per key; none of them observed, so nothing refetches. */
function cacheWith(keys: readonly QueryKey[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

const isStale = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated === true;

async function staleKeysAfter(mutation: MutationName, keys: readonly QueryKey[]): Promise<QueryKey[]> {
  const client = cacheWith(keys);
  await invalidateAfter(client, mutation);
  return keys.filter((key) => isStale(client, key));
}

const moneyScreens: QueryKey[] = [
  walletKeys.summary,
  walletKeys.billList(undefined, undefined),
  walletKeys.billList('withdrawal', '2026-11'),
  walletKeys.statement(12),
  withdrawalKeys.page,
  withdrawalKeys.listOf(undefined),
  withdrawalKeys.listOf('paid'),
  rechargeKeys.userInfo,
  sincerityKeys.main,
];

describe('what a mutation makes stale', () => {
  it('a withdrawal: the wallet summary, every bill list and every withdrawal list', async () => {
    const stale = await staleKeysAfter('withdraw', [...moneyScreens, homeKeys.index, rechargeKeys.main]);
    expect(stale).toEqual(moneyScreens);
  });

  it('cancelling a withdrawal: the same, the money came back', async () => {
    expect(await staleKeysAfter('cancelWithdrawal', moneyScreens)).toEqual(moneyScreens);
  });

  it('a paid recharge: balances, bills and the recharge records, not the withdrawal list', async () => {
    const stale = await staleKeysAfter('rechargePaid', [...moneyScreens, rechargeKeys.records]);
    expect(stale).toContainEqual(walletKeys.summary);
    expect(stale).toContainEqual(walletKeys.billList(undefined, undefined));
    expect(stale).toContainEqual(rechargeKeys.records);
    expect(stale).toContainEqual(withdrawalKeys.page);
    expect(stale).not.toContainEqual(withdrawalKeys.listOf(undefined));
  });

  it.each(['transfer', 'paySincerity', 'refundSincerity'] as const)(
    '%s: the wallet and its bills',
    async (name) => {
      const stale = await staleKeysAfter(name, [
        walletKeys.summary,
        walletKeys.billList(undefined, undefined),
      ]);
      expect(stale).toHaveLength(2);
    },
  );

  it.each(['addPayoutMethod', 'deletePayoutMethod'] as const)(
    '%s: the payout methods and the withdraw page that lists them',
    async (name) => {
      const keys: QueryKey[] = [['payout-methods', 'list'], withdrawalKeys.page, walletKeys.summary];
      expect(await staleKeysAfter(name, keys)).toEqual([['payout-methods', 'list'], withdrawalKeys.page]);
    },
  );

  it('publishing: the listing, the lists showing it and 我的发布', async () => {
    const keys: QueryKey[] = [
      ['goods-detail', 7, true],
      ['search', 'goods', { page: 1 }],
      homeKeys.recommend,
      ['publish', 'mine', 'on_sale'],
      ['publish', 'games'],
    ];
    expect(await staleKeysAfter('publishGoods', keys)).toEqual(keys.slice(0, 4));
  });

  it('names only keys of known features', () => {
    const features = new Set([
      'wallet',
      'withdrawals',
      'recharge',
      'sincerity',
      'payout-methods',
      'favourites',
    ]);
    for (const name of [
      'goods-detail',
      'search',
      'home',
      'publish',
      'real-name',
      'mine',
      'coupons',
      'protocols',
      'orders',
      'order-handover',
      'after-sales',
      'evaluations',
      'bargains',
      'chat',
      'guarantee',
      'personal',
      'account-cancel',
      'customer-service',
    ])
      features.add(name);
    for (const keys of Object.values(staleAfter)) {
      for (const key of keys) expect(features).toContain(key[0]);
    }
  });

  it('a verification: the balances (a mismatch refunds), the listing and the order’s hand-over', async () => {
    const panel = ['order-handover', 'panel', 'O1'];
    const keys = [walletKeys.summary, sincerityKeys.main, homeKeys.index, panel];
    expect(await staleKeysAfter('verifyOrder', keys)).toEqual(keys);
  });

  it('liquidated damages: both balances and the deposit, the order and its hand-over', async () => {
    const panel = ['order-handover', 'panel', 'O1'];
    const keys = [walletKeys.summary, sincerityKeys.main, panel];
    expect(await staleKeysAfter('liquidatedDamages', keys)).toEqual(keys);
  });
});
