import { findContact, normalizeForContactCheck } from '@haoshi/contracts';

/**
 * Phrases that move a deal off the platform (交易猫-style prompts), matched on the contact detector's
 * normalised text, so the same disguises (zero-width characters, full-width letters) do not pass.
 */
const OFF_PLATFORM = [
  /加(个|一下)?(v|微|wx|vx|薇|威|q|扣|企鹅)/,
  /(私下|线下|场外|平台外)(交易|转账|付款|联系|买|卖)/,
  /(不走|绕过|绕开|跳过|脱离)平台/,
  /(直接|私下)(转账|打款|付款|交易)/,
  /(支付宝|微信|银行卡)(转账|付款|打款)给?我/,
  /(加|联系)我(的)?(qq|微信|电话|手机)/,
];

/** True when a message asks to trade off the platform or holds contact details. */
export function isRiskyText(text: string): boolean {
  if (findContact(text)) return true;
  const plain = normalizeForContactCheck(text).replace(/\s+/g, '');
  return OFF_PLATFORM.some((pattern) => pattern.test(plain));
}

/** The platform's line shown in the conversation after a flagged message. */
export const SAFETY_WARNING =
  '安全提醒：对方的消息疑似包含联系方式或引导平台外交易。请勿添加私人联系方式、私下转账，脱离平台的交易不受保障。';
