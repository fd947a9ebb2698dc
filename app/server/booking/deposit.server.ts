import { balanceOpenRappen, DEFAULT_BALANCE_DAYS, depositStateLines, depositStates, type PaymentState } from "~/domain/deposit";
import { shortDateLabel } from "~/domain/calendar";
import type { Lang } from "~/i18n/locales";
import { t, type ArgKey } from "../i18n/texts.server";
import { formatChf } from "~/domain/money";
import { balanceDueRappen } from "~/domain/payment-link";
import { addDays, formatDateDE, formatTime } from "~/domain/time";
import type { VenuePolicy } from "~/domain/venue-settings";
import type { reservations } from "../platform/schema";
import { named, NAME_MARK, whenRange } from "./party-pages.server";

// The row's type from the schema, not from bookings.server: bookings → mail → here must not lead back.
type Reservation = typeof reservations.$inferSelect;

/**
 * A deposit booking's payment state as families and staff read it (issue #30 §3): the lines
 * («Anzahlung bezahlt: CHF 100.00», «Restbetrag offen: CHF 240.00, fällig bis 12.12.2026»), and
 * where the balance is paid online (the manage link's page), while it is due and the venue takes
 * it online. Null for a booking paid in full.
 */
export type DepositView = { lines: string[]; payable: boolean; payUrl: string | null; openRappen: number; dueDate: string };

export function balanceDueDate(r: Pick<Reservation, "date">, policy: Pick<VenuePolicy, "balanceDays">): string {
  return addDays(r.date, -policy.balanceDays);
}

export function depositView(r: Reservation, policy: Pick<VenuePolicy, "balanceDays" | "balanceAtVenue">, manageUrl: string | null, lang: Lang = "de"): DepositView | null {
  if (r.depositRappen <= 0) return null;
  const dueDate = balanceDueDate(r, policy);
  const lines = lang === "de" ? depositStateLines(r, { dateText: formatDateDE(dueDate), atVenue: policy.balanceAtVenue }).map((l) => l.text) : depositLinesIn(r, policy, lang);
  if (lines.length === 0) return null;
  const payable = !policy.balanceAtVenue && balanceDueRappen(r) > 0;
  return { lines, payable, payUrl: payable && manageUrl ? `${manageUrl}/restbetrag` : null, openRappen: r.status === "confirmed" ? balanceOpenRappen(r) : 0, dueDate };
}

const DEPOSIT_KEYS: Record<PaymentState, ArgKey<"payment">> = {
  deposit_open: "depositOpen",
  deposit_paid: "depositPaid",
  balance_open: "balanceOpen",
  at_venue: "balanceAtVenue",
  paid: "paidInFull",
};

/** The deposit's state lines in a language (namespace `payment`): the confirmation pages and e-mails in fr/it/en. */
export function depositLinesIn(r: Reservation, policy: Pick<VenuePolicy, "balanceDays" | "balanceAtVenue">, lang: Lang): string[] {
  const due = shortDateLabel(balanceDueDate(r, policy), lang);
  return depositStates(r, policy.balanceAtVenue).map(({ state, rappen }) => t(lang, "payment", DEPOSIT_KEYS[state], { amount: formatChf(rappen, lang), date: due }));
}

/**
 * What the balance page shows: the booking's code and time, its state lines, the amount; null when
 * nothing is open. In the page's language (`lang`, issue #33); `when` names the offer as
 * `NAME_MARK` (party-pages.server), so the page can mark the venue's name.
 */
export function balancePage(r: Reservation, policy: { balanceDays?: number; balanceAtVenue?: boolean }, lang: Lang = "de") {
  const view = depositView(r, { balanceDays: policy.balanceDays ?? DEFAULT_BALANCE_DAYS, balanceAtVenue: policy.balanceAtVenue ?? false }, "", lang);
  if (!view || balanceDueRappen(r) <= 0) return null;
  return {
    code: r.code,
    when: named(lang === "de" ? `${formatDateDE(r.date)}, ${formatTime(r.startMin)} - ${formatTime(r.endMin)} Uhr, ${NAME_MARK}` : whenRange(lang, r, NAME_MARK), r.offerName),
    lines: view.lines,
    amount: formatChf(balanceDueRappen(r), lang),
    payable: view.payable,
  };
}
