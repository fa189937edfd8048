import type { ThirdPartyProvider } from '@haoshi/contracts';

/** The third-party account an authorization code stood for. */
export interface ThirdPartyIdentity {
  openid: string;
  nickname: string;
}

/**
 * An OAuth-style login provider (WeChat, QQ, Douyin open platforms): the user approves on the
 * provider's page, which sends them back with `code` and our `state`; the code is exchanged once,
 * server to server, for the account. Real platforms are adapters behind this interface.
 */
export interface ThirdPartyAuthProvider {
  authorizeUrl(input: { provider: ThirdPartyProvider; state: string; redirectUri: string }): string;
  /** The account of a code, or undefined when the code is unknown, used or expired. */
  exchange(provider: ThirdPartyProvider, code: string): Promise<ThirdPartyIdentity | undefined>;
}
