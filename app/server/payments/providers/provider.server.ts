import type { Lang } from "~/i18n/locales";
/**
 * One interface for the payment provider; `datatrans` talks to Datatrans' JSON API v1, `simulated`
 * is the in-app stand-in for local runs. Amounts are integer Rappen.
 */
export type ProviderTransactionStatus =
  | "initialized"
  | "challenge_required"
  | "challenge_ongoing"
  | "authenticated"
  | "authorized"
  | "settled"
  | "transmitted"
  | "canceled"
  | "failed"
  | (string & {});

export type InitTransactionInput = {
  refno: string;
  amountRappen: number;
  currency: "CHF";
  successUrl: string;
  cancelUrl: string;
  errorUrl: string;
  webhookUrl: string;
  /** The language of the provider's payment page: the family's (issue #33); German when not given. */
  language?: Lang;
};

export type TransactionInfo = {
  transactionId: string;
  status: ProviderTransactionStatus;
  refno: string | null;
  currency: string | null;
  /** The settled amount when settled, else the authorized amount, else null. */
  amountRappen: number | null;
};

export interface PaymentProvider {
  readonly name: "datatrans" | "simulated";
  initTransaction(input: InitTransactionInput): Promise<{ transactionId: string; paymentUrl: string }>;
  getTransaction(transactionId: string): Promise<TransactionInfo>;
  /** Releases an authorization that was not settled. */
  cancel(transactionId: string, refno: string): Promise<void>;
  /**
   * Refunds (part of) a settled payment; returns the credit's own transaction id. `idempotencyKey`:
   * the refund's stored key, sent with every attempt, so a repeat answers the first credit again
   * instead of refunding twice.
   */
  credit(
    transactionId: string,
    input: { amountRappen: number; currency: string; refno: string },
    options?: { idempotencyKey?: string },
  ): Promise<{ transactionId: string }>;
}

/** A provider call that did not succeed: HTTP status and the provider's error code when it sent one. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "ProviderError";
  }

  /**
   * By shape: the background jobs and the routes may each load their own copy of this module
   * (issue #27 §2), and the provider one copy made throws errors of its own class; `instanceof`
   * in the other copy must still know them (else a provider outage reads as a crash, a 500).
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === "ProviderError" && "status" in value && "code" in value;
  }
}

/**
 * Whether the provider answered "no" to a request (so retrying the same request cannot succeed):
 * a 4xx answer other than a concurrent repeat of the same idempotency key (409), a rate limit
 * (429), a timeout (408) or our own credentials (401/403). A network error, a timeout or a 5xx is
 * not a refusal: the request may have been carried out.
 */
export function isProviderRefusal(error: unknown): boolean {
  // By shape, not `instanceof`: the provider may come from another copy of this module (the
  // background jobs and the routes are loaded separately, issue #27 §2), whose class differs.
  const status = error instanceof Error && error.name === "ProviderError" ? (error as { status?: unknown }).status : null;
  if (typeof status !== "number") return false;
  return status >= 400 && status < 500 && ![401, 403, 408, 409, 429].includes(status);
}
