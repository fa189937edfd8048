import {
  amountToFen,
  type AttributeValue,
  type AttributeValues,
  type GoodsData,
  type GuaranteeOption,
  type Platform,
  type PublishRequest,
  type ResellDraft,
} from '@haoshi/contracts';
import { validAmount } from '@/core/amount';

type GuaranteeCode = GuaranteeOption['code'];

/** Everything the wizard collects; amounts stay as the seller typed them (yuan) until sent. */
export interface PublishDraft {
  goodsId?: number;
  gameId?: number;
  platform?: Platform;
  partitionId?: number;
  attrs: AttributeValues;
  bindings: AttributeValues;
  title: string;
  description: string;
  price: string;
  originalPrice: string;
  guarantees: GuaranteeCode[];
  bargain: boolean;
  /** 最低可议价 as typed; sent only with `bargain`. */
  bargainFloor: string;
  urgent: boolean;
  accountHint: string;
}

export const emptyDraft = (gameId?: number): PublishDraft => ({
  ...(gameId === undefined ? {} : { gameId }),
  attrs: {},
  bindings: {},
  title: '',
  description: '',
  price: '',
  originalPrice: '',
  guarantees: [],
  bargain: false,
  bargainFloor: '',
  urgent: false,
  accountHint: '',
});

type TextField = 'title' | 'description' | 'price' | 'originalPrice' | 'bargainFloor' | 'accountHint';

export type DraftAction =
  | { type: 'game'; gameId: number }
  | { type: 'platform'; platform: Platform }
  | { type: 'partition'; partitionId: number }
  | { type: 'attr'; key: string; value: AttributeValue | undefined }
  | { type: 'binding'; key: string; value: AttributeValue | undefined }
  | { type: 'text'; field: TextField; value: string }
  | { type: 'flag'; field: 'bargain' | 'urgent'; value: boolean }
  | { type: 'guarantees'; codes: GuaranteeCode[] }
  | { type: 'saved'; goodsId: number }
  | { type: 'load'; draft: PublishDraft };

function withValue(values: AttributeValues, key: string, value: AttributeValue | undefined) {
  const next = { ...values };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

export function draftReducer(draft: PublishDraft, action: DraftAction): PublishDraft {
  switch (action.type) {
    case 'game':
      // Another game has other partitions, attributes, bindings and guarantees: start those over.
      if (action.gameId === draft.gameId) return draft;
      return {
        ...draft,
        gameId: action.gameId,
        platform: undefined,
        partitionId: undefined,
        attrs: {},
        bindings: {},
        guarantees: [],
      };
    case 'platform':
      return action.platform === draft.platform
        ? draft
        : { ...draft, platform: action.platform, partitionId: undefined };
    case 'partition':
      return { ...draft, partitionId: action.partitionId };
    case 'attr':
      return { ...draft, attrs: withValue(draft.attrs, action.key, action.value) };
    case 'binding':
      return { ...draft, bindings: withValue(draft.bindings, action.key, action.value) };
    case 'text':
      return { ...draft, [action.field]: action.value };
    case 'flag':
      return { ...draft, [action.field]: action.value };
    case 'guarantees':
      return { ...draft, guarantees: action.codes };
    case 'saved':
      return { ...draft, goodsId: action.goodsId };
    case 'load':
      return action.draft;
  }
}

/** The seller's own listing as the wizard edits it. */
export function draftFromGoods(data: GoodsData): PublishDraft {
  return {
    goodsId: data.id,
    gameId: data.game_id,
    platform: data.platform,
    partitionId: data.partition_id,
    attrs: data.attrs,
    bindings: data.bindings,
    title: data.title,
    description: data.description,
    price: data.price,
    originalPrice: data.original_price ?? '',
    guarantees: data.guarantees,
    bargain: data.bargain,
    bargainFloor: data.bargain_floor ?? '',
    urgent: data.urgent,
    accountHint: data.account_hint,
  };
}

/**
 * 转卖: a new listing of the buyer's, filled in from the account they bought (game, platform,
 * partition, attributes, bindings, title, description; the screenshots go to the uploader). The
 * price, the guarantees and the login hint are the new seller's to decide: left empty.
 */
export function draftFromResell(data: ResellDraft): PublishDraft {
  return {
    ...emptyDraft(data.game_id),
    platform: data.platform,
    partitionId: data.partition_id,
    attrs: data.attrs,
    bindings: data.bindings,
    title: data.title,
    description: data.description,
  };
}

/**
 * What the seller typed as a price (yuan) → integer fen, by SPEC §5's amount rule; undefined when
 * it is not an amount. "12.5" → 1250, "0" / "1.234" / "abc" → undefined.
 */
export function yuanToFen(text: string): number | undefined {
  const amount = validAmount(text);
  return amount === undefined ? undefined : amountToFen(amount);
}

/**
 * The publish call's body. Amounts go on the wire as canonical decimal strings ("1288.50", DESIGN
 * §3); the server turns them into fen. Only complete drafts reach this (the steps check first).
 */
export function publishRequestOf(
  draft: PublishDraft,
  screenshots: readonly string[],
  submit: boolean,
): PublishRequest {
  const originalPrice = validAmount(draft.originalPrice);
  const floor = draft.bargain ? validAmount(draft.bargainFloor) : undefined;
  return {
    ...(draft.goodsId === undefined ? {} : { goods_id: draft.goodsId }),
    game_id: draft.gameId ?? 0,
    platform: draft.platform ?? 'android',
    partition_id: draft.partitionId ?? 0,
    title: draft.title.trim(),
    description: draft.description.trim(),
    attrs: draft.attrs,
    bindings: draft.bindings,
    guarantees: draft.guarantees,
    screenshots: [...screenshots],
    price: validAmount(draft.price) ?? draft.price,
    ...(originalPrice === undefined ? {} : { original_price: originalPrice }),
    bargain: draft.bargain,
    ...(floor === undefined ? {} : { bargain_floor: floor }),
    urgent: draft.urgent,
    account_hint: draft.accountHint.trim(),
    submit,
  };
}

const textFieldPaths: Record<TextField, string> = {
  title: 'title',
  description: 'description',
  price: 'price',
  originalPrice: 'original_price',
  bargainFloor: 'bargain_floor',
  accountHint: 'account_hint',
};

/**
 * The server's field paths an edit touches: their earlier refusal no longer applies. `'all'` for
 * a change of game, which starts everything but the texts over.
 */
export function fieldsTouchedBy(action: DraftAction): readonly string[] | 'all' {
  switch (action.type) {
    case 'game':
    case 'load':
      return 'all';
    case 'platform':
      return ['platform', 'partition_id'];
    case 'partition':
      return ['partition_id'];
    case 'attr':
      return [`attrs.${action.key}`];
    case 'binding':
      return [`bindings.${action.key}`];
    case 'text':
      return [
        textFieldPaths[action.field],
        ...(action.field === 'price' ? ['original_price', 'bargain_floor'] : []),
      ];
    case 'flag':
      return action.field === 'bargain' ? ['bargain', 'bargain_floor'] : [action.field];
    case 'guarantees':
      return ['guarantees'];
    case 'saved':
      return [];
  }
}
