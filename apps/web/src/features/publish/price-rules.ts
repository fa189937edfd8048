import { PRICE_MAX_FEN } from '@haoshi/contracts';
import { publishMessages as text } from './messages';
import { yuanToFen } from './wizard/publish-draft';

export interface PriceErrors {
  price?: string;
  original_price?: string;
}

/**
 * The server's price rules, checked before sending (the wizard's price step and 改价): an amount
 * by SPEC §5 up to 1,000,000 yuan, and an original price, when given, not below it.
 */
export function priceErrors(price: string, originalPrice: string): PriceErrors {
  const errors: PriceErrors = {};
  const fen = yuanToFen(price);
  if (fen === undefined) errors.price = text.priceInvalid;
  else if (fen > PRICE_MAX_FEN) errors.price = text.priceTooHigh;
  if (originalPrice.trim() !== '') {
    const original = yuanToFen(originalPrice);
    if (original === undefined) errors.original_price = text.originalPriceInvalid;
    else if (original > PRICE_MAX_FEN) errors.original_price = text.originalTooHigh;
    else if (fen !== undefined && original < fen) errors.original_price = text.originalBelowPrice;
  }
  return errors;
}
