import { formatChf } from "~/domain/money";
import { formatDateDE } from "~/domain/time";

/** What is left on the voucher a booking used (issue #30 §3): a parent wants to know before the next visit. */
export function VoucherLeft({ left }: { left?: { code: string; rappen: number; validUntil: string } | null }) {
  if (!left) return null;
  return (
    <p className="card voucher-left">
      {left.rappen > 0 ? (
        <>
          Restguthaben auf Ihrem Gutschein {left.code}: <span className="nobreak">{formatChf(left.rappen)}</span>, gültig bis {formatDateDE(left.validUntil)}.
        </>
      ) : (
        <>Ihr Gutschein {left.code} ist damit vollständig eingelöst.</>
      )}
    </p>
  );
}
