import type { ReactNode } from 'react';

const paths: Record<string, ReactNode> = {
  recharge: <path d="M12 3v12m0 0-4-4m4 4 4-4M4 19h16" />,
  withdraw: <path d="M12 15V3m0 0L8 7m4-4 4 4M4 19h16" />,
  bills: <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6" />,
  balance: <path d="M3 7h18v12H3zM3 7l2-3h14l2 3M16 13h2" />,
  payment_type: <path d="M3 6h18v12H3zM3 10h18M7 15h4" />,
  deposit: <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6zM9 12l2 2 4-4" />,
  coupon: <path d="M3 7h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4zM14 7v12" />,
  statement: <path d="M4 4h16v16H4zM4 10h16M10 10v10" />,
  transfer: <path d="M4 8h14l-4-4M20 16H6l4 4" />,
};

/** Line icon of a wallet entry (24×24, text colour). */
export function WalletEntryIcon({ entryKey }: { entryKey: string }) {
  return (
    <svg
      className="wallet-entries__icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {paths[entryKey] ?? <circle cx="12" cy="12" r="8" />}
    </svg>
  );
}
