import type { Lang } from "~/i18n/locales";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ExtraUnit } from "../../domain/extras";
import type { LogoType } from "../../domain/venue-profile";
import type { ReceiptKind, ReceiptSnapshot, VatMode } from "../../domain/receipts";
import type { PromoKind } from "../../domain/promo-codes";
import type { InvoiceSnapshot } from "../../domain/invoices";
import type { VoucherSaleSettings } from "../../domain/voucher-sale";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export type OfferItem = { itemId: number; desc: string };

export const offers = pgTable("offers", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  /** Price per child, Rappen. */
  basePriceRappen: integer("base_price_rappen").notNull(),
  slotMinutes: integer("slot_minutes").notNull(),
  items: jsonb("items").$type<OfferItem[]>().notNull(),
  position: integer("position").notNull().default(0),
  active: integer("active").notNull().default(1),
  /** Online bookings start at least this many hours ahead (staff phone bookings may ignore it). */
  leadHours: integer("lead_hours").notNull().default(24),
  /** Party rules (domain/party-rules.ts): children from–to, adults per group. */
  minChildren: integer("min_children").notNull().default(0),
  maxChildren: integer("max_children").notNull().default(10),
  maxAdults: integer("max_adults").notNull().default(10),
  /** At least this many children are charged ("mindestens 6 Kinder werden verrechnet"); 0 = as many as come. */
  minChargedChildren: integer("min_charged_children").notNull().default(0),
  /** Minutes the table stays blocked after a party (cleaning, setting up for the next one); 0 = none. */
  bufferMin: integer("buffer_min").notNull().default(0),
  /**
   * What the family pays online at booking (issue #30 §3): `none` the whole price, `percent` that
   * share of it, `fixed` that many Rappen (at most the price); the rest is the booking's balance.
   */
  depositKind: text("deposit_kind").$type<"none" | "percent" | "fixed">().notNull().default("none"),
  depositValue: integer("deposit_value").notNull().default(0),
}, (t) => [
  check("offers_deposit_kind_check", sql`${t.depositKind} in ('none','percent','fixed')`),
  check("offers_deposit_value_check", sql`${t.depositValue} >= 0 and (${t.depositKind} <> 'percent' or ${t.depositValue} between 1 and 99)`),
]);

export const birthdayTables = pgTable("birthday_tables", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  seats: integer("seats").notNull(),
  /** 0 = no new bookings (its existing bookings stay); set by staff on /admin/einstellungen/tische. */
  active: integer("active").notNull().default(1),
  /** From this date on no new bookings (issue #29 §6); its bookings already made stay. Null: open. */
  noNewFrom: date("no_new_from", { mode: "string" }),
});

/** Game locations (escape rooms, pixel games, mind golf): one group at a time, booked in 20-minute rounds. */
export const gameLocations = pgTable("game_locations", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  capacity: integer("capacity").notNull(),
  reservationType: text("reservation_type").notNull(),
  pricePerPlayerRoundRappen: integer("price_per_player_round_rappen").notNull(),
  packagePriceRappen: integer("package_price_rappen").notNull(),
  extraRoundPriceRappen: integer("extra_round_price_rappen").notNull(),
  /** Round limits (issue #28 §3): normal game 1–max; the package includes some and may add more. */
  maxRounds: integer("max_rounds").notNull().default(5),
  packageRounds: integer("package_rounds").notNull().default(3),
  packageExtraRounds: integer("package_extra_rounds").notNull().default(3),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  active: integer("active").notNull().default(1),
});

/** Opening rules per ISO-ish weekday (0 = Sunday … 6 = Saturday), minutes after local midnight. */
export const openingHours = pgTable("opening_hours", {
  weekday: integer("weekday").primaryKey(),
  openMin: integer("open_min").notNull(),
  closeMin: integer("close_min").notNull(),
  birthdays: integer("birthdays").notNull(),
  /** Whether game locations take bookings that day (the migration copies `birthdays` for existing rows). */
  games: integer("games").notNull().default(1),
});

/**
 * Prices and durations staff change on /admin/einstellungen (one row, id 1). Without a row the
 * defaults apply (CHF 28 / CHF 5, HOLD_MINUTES from the environment).
 */
export const venueSettings = pgTable(
  "venue_settings",
  {
    id: integer("id").primaryKey(),
    activeAdultPriceRappen: integer("active_adult_price_rappen").notNull(),
    accompanyingAdultPriceRappen: integer("accompanying_adult_price_rappen").notNull(),
    holdMinutes: integer("hold_minutes").notNull(),
    /** The promised policy (issue #28 §3); null: the environment's default. */
    selfServiceHours: integer("self_service_hours"),
    lateCancelFeePercent: integer("late_cancel_fee_percent"),
    reminderHours: integer("reminder_hours"),
    gameLeadHours: integer("game_lead_hours"),
    /**
     * Deposits (issue #30 §3): the balance is due this many days before the party (the final
     * headcount's deadline) and is paid online (0) or at the venue (1); null: the defaults.
     */
    balanceDays: integer("balance_days"),
    balanceAtVenue: integer("balance_at_venue"),
    /** Receipts (issue #31 §1): `included` (prices include MWST) or `none` (not liable); null: included. */
    vatMode: text("vat_mode").$type<VatMode>(),
    /** Gift vouchers sold online (issue #31 §3); null: VOUCHER_SALE_DEFAULTS. */
    voucherSale: jsonb("voucher_sale").$type<Partial<VoucherSaleSettings>>(),
    /**
     * Privacy (issue #32 §4): guests' answers are deleted this many days after the party, and a
     * booking's personal data anonymised this many months after it; null: the defaults.
     */
    guestRetentionDays: integer("guest_retention_days"),
    bookingRetentionMonths: integer("booking_retention_months"),
  },
  (t) => [check("venue_settings_single_row", sql`${t.id} = 1`)],
);

export const CLOSURE_SCOPES = ["venue", "birthdays", "location"] as const;
export type ClosureScope = (typeof CLOSURE_SCOPES)[number];

/** Days the venue (or only birthdays, or one game location) is closed: no new bookings; existing ones are listed for rebooking. */
export const closures = pgTable(
  "closures",
  {
    id: serial("id").primaryKey(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    scope: text("scope").$type<ClosureScope>().notNull(),
    locationId: integer("location_id").references(() => gameLocations.id),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    createdBy: integer("created_by"),
  },
  (t) => [
    index("closures_dates_idx").on(t.startDate, t.endDate),
    check("closures_range_check", sql`${t.startDate} <= ${t.endDate}`),
    check("closures_scope_check", sql`${t.scope} in ('venue','birthdays','location') and ((${t.scope} = 'location') = (${t.locationId} is not null))`),
  ],
);

/**
 * Opening hours for single dates (24.12. 10:00–16:00, an Easter Monday opened): they replace that
 * weekday's row of `opening_hours` on that date (`rulesOn`). Whole-day closures stay in `closures`.
 */
export const specialHours = pgTable(
  "special_hours",
  {
    date: date("date", { mode: "string" }).primaryKey(),
    openMin: integer("open_min").notNull(),
    closeMin: integer("close_min").notNull(),
    birthdays: integer("birthdays").notNull(),
    games: integer("games").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    createdBy: integer("created_by"),
  },
  (t) => [check("special_hours_time_check", sql`0 <= ${t.openMin} and ${t.openMin} < ${t.closeMin} and ${t.closeMin} <= 1440`)],
);

export const vouchers = pgTable(
  "vouchers",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    initialRappen: integer("initial_rappen").notNull(),
    remainingRappen: integer("remaining_rappen").notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    createdAt: createdAt(),
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("vouchers_code_key").on(t.code),
    check("vouchers_remaining_nonnegative", sql`${t.remainingRappen} >= 0`),
    check("vouchers_remaining_le_initial", sql`${t.remainingRappen} <= ${t.initialRappen}`),
  ],
);

/**
 * A gift voucher bought online (issue #31 §3): the order exists from the form on; the voucher itself
 * only once its payment settled (`voucher_id`, set exactly once under the order's row lock). The
 * buyer reaches the order through unguessable links (`voucher_order_links`).
 */
export const voucherOrders = pgTable(
  "voucher_orders",
  {
    id: serial("id").primaryKey(),
    amountRappen: integer("amount_rappen").notNull(),
    recipientName: text("recipient_name").notNull(),
    message: text("message").notNull().default(""),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    /** Months of validity promised on the order page (the setting at the time of ordering). */
    validityMonths: integer("validity_months").notNull(),
    /** The buyer's language (issue #33): the order page's; the e-mail and the voucher PDF are worded in it. */
    lang: text("lang").$type<Lang>().notNull().default("de"),
    /** open → paid */
    status: text("status").$type<"open" | "paid">().notNull().default("open"),
    voucherId: integer("voucher_id").references(() => vouchers.id),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("voucher_orders_voucher_key").on(t.voucherId),
    index("voucher_orders_created_idx").on(t.createdAt),
    check("voucher_orders_amount_check", sql`${t.amountRappen} > 0`),
    check("voucher_orders_paid_check", sql`(${t.status} = 'paid') = (${t.voucherId} is not null) and ${t.status} in ('open','paid')`),
    check("voucher_orders_lang_check", sql`${t.lang} in ('de','fr','it','en')`),
  ],
);

/**
 * The buyer's links to an order (`/gutschein/bestellung/<token>`): like manage links, 32 random bytes
 * of which only the SHA-256 is kept; one for the browser that ordered, one per e-mail.
 */
export const voucherOrderLinks = pgTable(
  "voucher_order_links",
  {
    id: serial("id").primaryKey(),
    voucherOrderId: integer("voucher_order_id")
      .notNull()
      .references(() => voucherOrders.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("voucher_order_links_token_key").on(t.tokenHash), index("voucher_order_links_order_idx").on(t.voucherOrderId)],
);

export const RESERVATION_STATUSES = ["held", "confirmed", "cancelled", "expired"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const PAYMENT_STATES = ["none", "pending", "settled", "refund_pending", "refunded", "failed"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const ARRIVAL_STATES = ["arrived", "no_show"] as const;
export type ArrivalState = (typeof ARRIVAL_STATES)[number];
export type BookingChannel = "online" | "phone";

export const reservations = pgTable(
  "reservations",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    type: text("type").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    startMin: integer("start_min").notNull(),
    endMin: integer("end_min").notNull(),
    tableId: integer("table_id").references(() => birthdayTables.id),
    locationId: integer("location_id").references(() => gameLocations.id),
    /** Game bookings: 1 = Normales Spiel, 2 = Geburtstagspaket; players and total rounds. */
    gameType: integer("game_type"),
    players: integer("players"),
    rounds: integer("rounds"),
    numChildren: integer("num_children").notNull().default(0),
    numActiveAdults: integer("num_active_adults").notNull().default(0),
    numAccompanyingAdults: integer("num_accompanying_adults").notNull().default(0),
    offerId: integer("offer_id").references(() => offers.id),
    offerName: text("offer_name").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    street: text("street").notNull(),
    zip: text("zip").notNull(),
    city: text("city").notNull(),
    /** ISO 3166 code of the address; `XX` another country (issue #28 §6). */
    country: text("country").notNull().default("CH"),
    /** E.164 since issue #28 §6 (`+41791234567`); older rows as typed. Shown with `displayPhone`. */
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    message: text("message"),
    priceRappen: integer("price_rappen").notNull(),
    /** Adult unit prices this booking was priced with (null: the CHF 28 / CHF 5 of before they became settings). */
    activeAdultPriceRappen: integer("active_adult_price_rappen"),
    accompanyingAdultPriceRappen: integer("accompanying_adult_price_rappen"),
    discountRappen: integer("discount_rappen").notNull().default(0),
    amountRappen: integer("amount_rappen").notNull(),
    voucherId: integer("voucher_id").references(() => vouchers.id),
    voucherCode: text("voucher_code"),
    status: text("status").$type<ReservationStatus>().notNull(),
    paymentStatus: text("payment_status").$type<PaymentState>().notNull().default("none"),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    cancelledBy: integer("cancelled_by"),
    /** SHA-256 (hex) of the secret handed to the party that made the booking (`reservationToken`). */
    ownerTokenHash: text("owner_token_hash"),
    /** Who made the booking (client address), so its open holds can be counted (no hoarding). */
    clientKey: text("client_key"),
    /** Calendar revision (iCalendar SEQUENCE): 0 at confirmation, +1 on every move; a cancellation sends one more. */
    sequence: integer("sequence").notNull().default(0),
    /** Where the booking was made: `online` (site or API) or `phone` (staff for a caller). */
    channel: text("channel").$type<BookingChannel>().notNull().default("online"),
    /** Staff at the desk: `arrived` or `no_show` once the day has come; null until then. */
    arrival: text("arrival").$type<ArrivalState>(),
    arrivalAt: timestamp("arrival_at", { withTimezone: true }),
    /** What the family paid at the venue's counter, Rappen (the total so far; staff record it). */
    paidAtVenueRappen: integer("paid_at_venue_rappen").notNull().default(0),
    /**
     * Set on a held "difference" row only: the booking this row would change once its payment
     * settles (a move or persons change that costs more). The row holds the new slot meanwhile, so
     * availability and the exclusion constraints see the claim; the booking itself stays as it is.
     */
    movesReservationId: integer("moves_reservation_id").references((): AnyPgColumn => reservations.id),
    /** AGB version the family accepted when booking (0 = the built-in default text; null = booked before versioning). */
    agbVersion: integer("agb_version"),
    /** The offer's minimum of charged children when booked (null: booked before it existed, i.e. 0). */
    minChargedChildren: integer("min_charged_children"),
    /**
     * Minutes the table stays blocked after `end_min` (the offer's cleaning buffer when booked):
     * availability and the exclusion constraint `reservations_no_overlap` use end_min + buffer_min.
     */
    bufferMin: integer("buffer_min").notNull().default(0),
    /**
     * A closure the family was told about (issue #29 §3): which one, for which booking date, when. While the
     * booking is still on that date, the manage link offers moving and cancelling whatever the cut-off.
     */
    closureNoticeId: integer("closure_notice_id"),
    closureNoticeDate: date("closure_notice_date", { mode: "string" }),
    closureNoticedAt: timestamp("closure_noticed_at", { withTimezone: true }),
    /** The reason the family was given (a closure's, or the manager's for changed opening hours), shown on the manage page. */
    closureNoticeReason: text("closure_notice_reason"),
    /** 1: cancelled because of the venue (a closure), shown as «von der Anlage abgesagt». */
    venueCancelled: integer("venue_cancelled").notNull().default(0),
    /**
     * Owed on top of what was paid online or by voucher, to be paid at the venue (issue #29 §2): a
     * staff correction that costs more («am Empfang bezahlen»), persons added on the day. The desk's
     * open amount of an online-paid booking is this less what was recorded as paid at the venue.
     */
    openBalanceRappen: integer("open_balance_rappen").notNull().default(0),
    /** A staff discount (< 0) or surcharge (> 0) included in `price_rappen`, with its reason. */
    priceAdjustRappen: integer("price_adjust_rappen").notNull().default(0),
    priceAdjustReason: text("price_adjust_reason"),
    /**
     * The party (issue #30 §1), all optional: the birthday child's first name and the age they turn,
     * and allergies or dietary notes for the kitchen. Typed by the family (contact step, manage link)
     * or by staff; shown on the prep sheet.
     */
    partyChildName: text("party_child_name"),
    partyChildAge: integer("party_child_age"),
    partyNotes: text("party_notes"),
    /**
     * The extras chosen for the party (issue #30 §2), included in `price_rappen`: the sum of its
     * `reservation_extras` rows, kept here so the list price of persons and rounds stays recoverable
     * (a change of persons or a move re-prices the persons, never the extras).
     */
    extrasRappen: integer("extras_rappen").notNull().default(0),
    /**
     * The deposit the offer asked for when booked (issue #30 §3; 0 = paid in full): the family paid
     * min(deposit, amount) online or by voucher, the rest of `amount_rappen` was its open balance.
     */
    depositRappen: integer("deposit_rappen").notNull().default(0),
    /**
     * When the family confirmed the final headcount and meal choices (issue #30 §4); null while open.
     * A later change of the numbers by the family clears it (they confirm again before the deadline).
     */
    headcountConfirmedAt: timestamp("headcount_confirmed_at", { withTimezone: true }),
    /** Paid by bank transfer against the booking's invoices (issue #31 §2), Rappen: lowers the open amount like a payment at the venue. */
    paidByInvoiceRappen: integer("paid_by_invoice_rappen").notNull().default(0),
    /**
     * Privacy (issue #32 §4): when the family asked for its data to be deleted (manage link), and when
     * the booking's personal data was anonymised (by staff on that request, or by the retention job).
     */
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    /**
     * The family's language (issue #33): the page's language when it booked online, the caller's as
     * staff chose it for a phone booking. The provider's payment page, the return pages and every
     * e-mail about the booking speak it.
     */
    lang: text("lang").$type<Lang>().notNull().default("de"),
  },
  (t) => [
    uniqueIndex("reservations_code_key").on(t.code),
    check("reservations_lang_check", sql`${t.lang} in ('de','fr','it','en')`),
    index("reservations_closure_notice_idx").on(t.closureNoticeId).where(sql`${t.closureNoticeId} IS NOT NULL`),
    index("reservations_held_client_idx").on(t.clientKey).where(sql`${t.status} = 'held'`),
    index("reservations_held_email_idx").on(sql`lower(${t.email})`).where(sql`${t.status} = 'held'`),
    index("reservations_date_idx").on(t.date, t.status),
    index("reservations_hold_idx").on(t.holdExpiresAt).where(sql`${t.status} = 'held'`),
    index("reservations_moves_idx").on(t.movesReservationId).where(sql`${t.movesReservationId} is not null`),
    check("reservations_status_check", sql`${t.status} in ('held','confirmed','cancelled','expired')`),
    check("reservations_time_check", sql`${t.startMin} < ${t.endMin}`),
    check("reservations_arrival_check", sql`${t.arrival} is null or ${t.arrival} in ('arrived','no_show')`),
    check("reservations_paid_at_venue_check", sql`${t.paidAtVenueRappen} >= 0`),
    check("reservations_open_balance_check", sql`${t.openBalanceRappen} >= 0`),
    check("reservations_extras_check", sql`${t.extrasRappen} >= 0`),
    check("reservations_deposit_check", sql`${t.depositRappen} >= 0`),
    check("reservations_party_age_check", sql`${t.partyChildAge} is null or ${t.partyChildAge} between 1 and 18`),
    check("reservations_channel_check", sql`${t.channel} in ('online','phone')`),
    check("reservations_amounts_check", sql`${t.discountRappen} >= 0 and ${t.amountRappen} = ${t.priceRappen} - ${t.discountRappen}`),
  ],
);

/**
 * Extras a manager offers for parties (issue #30 §2): a cake, a goodie bag per child, the package's
 * meal chosen per child (price 0, with choices). `offer_ids`: the birthday offers it applies to;
 * `game_package` 1: the games' birthday package too. `deadline_days`: orderable until the end of the
 * day that many days before the party (0: until the party begins).
 */
export const extras = pgTable(
  "extras",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceRappen: integer("price_rappen").notNull(),
    unit: text("unit").$type<ExtraUnit>().notNull(),
    choices: jsonb("choices").$type<string[]>().notNull().default([]),
    maxQuantity: integer("max_quantity").notNull().default(10),
    offerIds: jsonb("offer_ids").$type<number[]>().notNull().default([]),
    gamePackage: integer("game_package").notNull().default(0),
    deadlineDays: integer("deadline_days").notNull().default(0),
    active: integer("active").notNull().default(1),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("extras_unit_check", sql`${t.unit} in ('piece','child','party')`),
    check("extras_numbers_check", sql`${t.priceRappen} >= 0 and ${t.maxQuantity} >= 1 and ${t.deadlineDays} >= 0`),
  ],
);

/**
 * An extra as chosen for one booking: name, unit and price copied when chosen, so a later change of
 * the extra never touches an existing booking. One row per extra and choice ('' = no choices).
 */
export const reservationExtras = pgTable(
  "reservation_extras",
  {
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id),
    extraId: integer("extra_id")
      .notNull()
      .references(() => extras.id),
    choice: text("choice").notNull().default(""),
    name: text("name").notNull(),
    unit: text("unit").$type<ExtraUnit>().notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceRappen: integer("unit_price_rappen").notNull(),
    /**
     * The order deadline when chosen (days before the party). A change through the manage link follows
     * the extra's deadline of today (the kitchen's current lead time); this one decides whether a
     * change paid late may still be applied (`changeStillOrderable`).
     */
    deadlineDays: integer("deadline_days").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.reservationId, t.extraId, t.choice] }),
    check("reservation_extras_numbers_check", sql`${t.quantity} > 0 and ${t.unitPriceRappen} >= 0`),
  ],
);

/** Every franc moved on a voucher: positive = redeemed, negative = given back. */
export const voucherLedger = pgTable(
  "voucher_ledger",
  {
    id: serial("id").primaryKey(),
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id),
    reservationId: integer("reservation_id").references(() => reservations.id),
    amountRappen: integer("amount_rappen").notNull(),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("voucher_ledger_voucher_idx").on(t.voucherId),
    // Staff give a cancelled booking's voucher amount back once, however often the button is pressed.
    uniqueIndex("voucher_ledger_staff_restore_once").on(t.reservationId).where(sql`${t.kind} = 'staff-restore'`),
    // A cancelled booking's voucher part goes back once, whether staff or the family cancelled.
    uniqueIndex("voucher_ledger_cancel_credit_once").on(t.reservationId).where(sql`${t.kind} in ('staff-restore', 'cancel-credit')`),
  ],
);

export const STAFF_ROLES = ["staff", "manager"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: serial("id").primaryKey(),
    /** Sign-in name: an e-mail address, or `admin` for the bootstrap account. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** `staff` (bookings desk) or `manager` (also settings, vouchers, exports). Accounts from before roles are managers. */
    role: text("role").$type<StaffRole>().notNull().default("manager"),
    createdAt: createdAt(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** Sessions issued up to this instant are void (set by a password change or disabling). */
    sessionsValidAfter: timestamp("sessions_valid_after", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_accounts_email_key").on(sql`lower(${t.email})`),
    check("staff_accounts_role_check", sql`${t.role} in ('staff','manager')`),
  ],
);

/** Signed-in staff sessions: the cookie names a row, so signing out ends the session on the server. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/** Who did what to which booking, and when (cancellations, voucher restores, vouchers issued). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    staffId: integer("staff_id").references(() => staffAccounts.id),
    /** `staff:<email>`, `api-token`, or `system`. */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    reservationId: integer("reservation_id").references(() => reservations.id),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("audit_log_reservation_idx").on(t.reservationId)],
);

/** Internal staff notes on a booking: shown on the staff pages only, never to the family. */
export const reservationNotes = pgTable(
  "reservation_notes",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id),
    staffId: integer("staff_id").references(() => staffAccounts.id),
    /** `staff:<email>` at the time of writing (the account may be renamed or disabled later). */
    author: text("author").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("reservation_notes_reservation_idx").on(t.reservationId)],
);

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    /** The booking paid (kinds `booking` and `balance`); null for a gift voucher's order. */
    reservationId: integer("reservation_id").references(() => reservations.id),
    /** The gift voucher's order paid (kind `voucher`, issue #31 §3). */
    voucherOrderId: integer("voucher_order_id").references(() => voucherOrders.id),
    provider: text("provider").notNull(),
    transactionId: text("transaction_id").notNull(),
    refno: text("refno").notNull(),
    amountRappen: integer("amount_rappen").notNull(),
    currency: text("currency").notNull(),
    /** pending → settled | failed | cancelled | refund_pending → refunded */
    status: text("status").notNull(),
    providerStatus: text("provider_status"),
    /** Where the browser is sent to pay (the provider's payment page). */
    paymentUrl: text("payment_url").notNull(),
    /** The provider's id of a refund, once one was made. */
    refundTransactionId: text("refund_transaction_id"),
    /**
     * Partial refunds (a booking changed to a lower price): owed is written in the change's own
     * transaction, then credited at the provider after commit and moved to refunded. What stays
     * owed (the provider refused, or the process died in between) is for staff, like `refund_pending`.
     */
    refundDueRappen: integer("refund_due_rappen").notNull().default(0),
    refundedRappen: integer("refunded_rappen").notNull().default(0),
    /**
     * `booking`: pays a held booking (or a held change row); `balance`: pays the open balance of a
     * confirmed booking through a payment link (issue #29 §2) — settling lowers the balance, nothing else.
     */
    kind: text("kind").$type<"booking" | "balance" | "voucher">().notNull().default("booking"),
    /** Given back as a new voucher instead of to the card (a staff correction, issue #29 §2): no longer refundable. */
    voucherCreditedRappen: integer("voucher_credited_rappen").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the reconciliation job last claimed this payment to ask the provider (reconcile.server). */
    reconciledAt: timestamp("reconciled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payments_transaction_key").on(t.transactionId),
    index("payments_reservation_idx").on(t.reservationId),
    index("payments_voucher_order_idx").on(t.voucherOrderId),
    check("payments_kind_check", sql`${t.kind} in ('booking','balance','voucher')`),
    // Exactly one owner: a booking, or (kind `voucher`) a gift voucher's order.
    check("payments_owner_check", sql`(${t.kind} = 'voucher') = (${t.voucherOrderId} is not null) and (${t.reservationId} is null) = (${t.voucherOrderId} is not null)`),
    check("payments_refunds_check", sql`${t.refundDueRappen} >= 0 and ${t.refundedRappen} >= 0 and ${t.voucherCreditedRappen} >= 0 and ${t.refundDueRappen} + ${t.refundedRappen} + ${t.voucherCreditedRappen} <= ${t.amountRappen}`),
  ],
);

/**
 * One refund at the provider (issue #27 §4): written and committed before the provider is called,
 * with the Idempotency-Key every attempt sends, so a retry (or the reconciliation after a crash)
 * can never refund twice. `pending`: written, the provider's answer not recorded yet (in flight, or
 * the call failed without an answer: retried with the same key); `succeeded`: the provider's
 * credit id recorded; `refused`: the provider said no (for staff); `unknown`: no answer while the
 * key lasted (60 minutes at Datatrans) — staff check the provider's back office.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id),
    amountRappen: integer("amount_rappen").notNull(),
    currency: text("currency").notNull(),
    /** Why: cancel | change | late | duplicate | unmatched. */
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status").notNull().default("pending"),
    /** The provider's id of the credit, once it answered. */
    creditTransactionId: text("credit_transaction_id"),
    attempts: integer("attempts").notNull().default(0),
    /** When a process last called the provider for it (the reconciliation leaves it alone meanwhile). */
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refunds_idempotency_key").on(t.idempotencyKey),
    index("refunds_payment_idx").on(t.paymentId),
    index("refunds_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check("refunds_amount_check", sql`${t.amountRappen} > 0`),
  ],
);

/** The simulated provider's own transactions (stand-in for Datatrans' side). */
export const simulatedTransactions = pgTable("simulated_transactions", {
  transactionId: text("transaction_id").primaryKey(),
  refno: text("refno").notNull(),
  amountRappen: integer("amount_rappen").notNull(),
  currency: text("currency").notNull(),
  status: text("status").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  errorUrl: text("error_url").notNull(),
  webhookUrl: text("webhook_url"),
  createdAt: createdAt(),
  /** The webhook is owed from here on until delivered (retried with back-off, survives restarts). */
  webhookDueAt: timestamp("webhook_due_at", { withTimezone: true }),
  webhookAttempts: integer("webhook_attempts").notNull().default(0),
});

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id").references(() => reservations.id),
    /** A sold gift voucher's e-mail (issue #31 §3): once per order. */
    voucherOrderId: integer("voucher_order_id").references(() => voucherOrders.id),
    /** Files sent along (the sold voucher's PDF), drawn when the message was queued: base64. */
    attachments: jsonb("attachments").$type<{ filename: string; contentType: string; base64: string }[]>(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    ics: text("ics"),
    icsMethod: text("ics_method"),
    /** The booking's calendar revision (`reservations.sequence`) the message was written for. */
    reservationSequence: integer("reservation_sequence"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Not sent on purpose: a reminder whose booking was cancelled or moved before it went out. */
    skippedAt: timestamp("skipped_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.skippedAt} is null`),
    // A reminder is queued at most once per booking and date (a move raises the sequence, and the
    // new date gets its own reminder), whichever process runs the job.
    uniqueIndex("mail_outbox_reminder_once").on(t.reservationId, t.reservationSequence).where(sql`${t.kind} = 'reminder'`),
    // The request to confirm the final headcount (issue #30 §4) goes out once per booking.
    uniqueIndex("mail_outbox_headcount_once").on(t.reservationId).where(sql`${t.kind} = 'headcount'`),
    uniqueIndex("mail_outbox_voucher_once").on(t.voucherOrderId).where(sql`${t.kind} = 'voucher-sold'`),
  ],
);

/**
 * Payment links (`/zahlung/<token>`) e-mailed for a phone booking: while the hold lasts, each visit
 * opens a fresh payment at the provider (whose own pages expire long before the hold). Only the
 * SHA-256 of the token is stored, as for manage links; a separate table, because a manage link must
 * not start payments and a payment link must not show or cancel the booking.
 */
export const paymentTokens = pgTable(
  "payment_tokens",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_tokens_hash_key").on(t.tokenHash), index("payment_tokens_reservation_idx").on(t.reservationId)],
);

/**
 * Manage links (`/buchung/<token>`): one row per link handed out (every e-mail carries its own),
 * each bound to one booking. Only the SHA-256 of the token is stored; how long a link works
 * follows from the booking's date (see booking/manage.server.ts).
 */
export const manageTokens = pgTable(
  "manage_tokens",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("manage_tokens_hash_key").on(t.tokenHash), index("manage_tokens_reservation_idx").on(t.reservationId)],
);

/**
 * Rate-limit counters (rate-limiter-flexible's Drizzle store): in the database, so every server
 * process counts together and a restart forgets nothing. Keys are `<limit name>:<client or subject>`.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull(),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

/**
 * A family's in-progress booking and what a no-JavaScript form post hands to the next page (typed
 * values, a voucher check's result). The browser holds only the signed id in `fw_draft`, so the
 * cookie stays small whatever is typed; `expires_at` is checked on every read.
 */
export const drafts = pgTable(
  "drafts",
  {
    id: text("id").primaryKey(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("drafts_expires_idx").on(t.expiresAt)],
);

/** PostgreSQL `bytea` as bytes: PGlite returns a Uint8Array, node-postgres a Buffer (also one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value),
});

/**
 * The venue's identity as the manager sets it on /admin/einstellungen/betrieb (one row, id 1):
 * name, address, contact, legal numbers, the arrival note and "about us", and the logo (bytes in the
 * row: a few hundred KB at most, served by content hash). Without a row the sample venue applies
 * (docs/decisions.md "Venue profile").
 */
export const venueProfile = pgTable(
  "venue_profile",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    street: text("street").notNull(),
    zip: text("zip").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull().default("CH"),
    /** E.164 (`+41445551234`). */
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    website: text("website").notNull().default(""),
    /** `CHE-123.456.789 MWST`, or empty. */
    uidNumber: text("uid_number").notNull().default(""),
    /** Without spaces (`CH9300762011623852957`), or empty. */
    iban: text("iban").notNull().default(""),
    arrivalNote: text("arrival_note").notNull().default(""),
    about: text("about").notNull().default(""),
    logo: bytea("logo"),
    logoType: text("logo_type").$type<LogoType>(),
    /** Hex SHA-256 prefix of the logo's bytes: its URL, so a new logo is a new URL (cached for a year). */
    logoHash: text("logo_hash"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("venue_profile_single_row", sql`${t.id} = 1`),
    check(
      "venue_profile_logo_check",
      sql`(${t.logo} is null) = (${t.logoType} is null) and (${t.logo} is null) = (${t.logoHash} is null) and (${t.logoType} is null or ${t.logoType} in ('image/png','image/jpeg','image/webp'))`,
    ),
  ],
);
export type LegalTextKind = "agb" | "impressum" | "datenschutz";

/** Legal texts, one row per saved version (never updated): a booking can always show what it accepted. */
export const legalTexts = pgTable(
  "legal_texts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<LegalTextKind>().notNull(),
    /**
     * German is the binding text and the only one that counts `version`s. A row in another language
     * (issue #33 §2) is a translation of German `version`; correcting it adds a `revision`, so no row
     * is ever updated and a booking's `agb_version` still names what it accepted.
     */
    lang: text("lang").$type<Lang>().notNull().default("de"),
    version: integer("version").notNull(),
    revision: integer("revision").notNull().default(1),
    body: text("body").notNull(),
    createdAt: createdAt(),
    createdBy: integer("created_by"),
  },
  (t) => [
    uniqueIndex("legal_texts_kind_version_idx").on(t.kind, t.lang, t.version, t.revision),
    check("legal_texts_kind_check", sql`${t.kind} IN ('agb', 'impressum', 'datenschutz')`),
    check("legal_texts_version_check", sql`${t.version} > 0 or (${t.lang} <> 'de' and ${t.version} = 0)`),
    // German has one row per version; a translation may be revised, and may translate the built-in version 0.
    check("legal_texts_lang_check", sql`${t.lang} in ('de','fr','it','en') and (${t.lang} <> 'de' or ${t.revision} = 1) and ${t.revision} > 0`),
  ],
);

/**
 * The venue's own words in other languages (issue #33 §2): offer names and points, extras, the
 * about text, the arrival note, closure reasons. Keyed by the German text itself, so a translation
 * follows its text wherever it appears (a booking's frozen offer name too) and stops applying the
 * moment the German is changed: the page then shows the new German, marked, until it is translated.
 */
export const venueTranslations = pgTable(
  "venue_translations",
  {
    lang: text("lang").$type<Lang>().notNull(),
    /** SHA-256 (hex) of `source`: a 2000-character text is too long for a btree key. */
    sourceHash: text("source_hash").notNull(),
    source: text("source").notNull(),
    text: text("text").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by"),
  },
  (t) => [
    primaryKey({ columns: [t.lang, t.sourceHash] }),
    check("venue_translations_lang_check", sql`${t.lang} in ('fr','it','en')`),
    check("venue_translations_text_check", sql`length(${t.text}) between 1 and 2000 and length(${t.source}) between 1 and 2000`),
  ],
);

/** Editable introduction and closing per e-mail kind; a missing row means the built-in default. */
export const emailTexts = pgTable(
  "email_texts",
  {
    kind: text("kind").notNull(),
    /** The venue's text per language (issue #33 §2); a language without its own falls back (domain/email-texts `emailTextIn`). */
    lang: text("lang").$type<Lang>().notNull().default("de"),
    intro: text("intro").notNull(),
    closing: text("closing").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by"),
  },
  (t) => [primaryKey({ columns: [t.kind, t.lang] }), check("email_texts_lang_check", sql`${t.lang} in ('de','fr','it','en')`)],
);

/** MWST rates by the day they apply from (issue #31 §1); the rate of a booking is the one on its day. */
export const vatRates = pgTable(
  "vat_rates",
  {
    id: serial("id").primaryKey(),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    /** Basis points: 810 = 8.1 %. */
    rateBp: integer("rate_bp").notNull(),
    createdAt: createdAt(),
    createdBy: integer("created_by"),
  },
  (t) => [uniqueIndex("vat_rates_valid_from_key").on(t.validFrom), check("vat_rates_rate_check", sql`${t.rateBp} >= 0 and ${t.rateBp} <= 5000`)],
);

/**
 * Receipts and credit notes (issue #31 §1), never updated: one row per document, with what it shows
 * frozen in `snapshot` and the signed amounts per money category it accounts for (the sums per
 * booking always equal what its payments, voucher ledger and venue total say; see domain/receipts).
 */
export const receipts = pgTable(
  "receipts",
  {
    /** Taken with nextval before the insert: the number is made from it (`documentNumber`). */
    id: serial("id").primaryKey(),
    number: text("number").notNull(),
    kind: text("kind").$type<ReceiptKind>().notNull(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    totalRappen: integer("total_rappen").notNull(),
    /** null: issued while the venue was not liable for MWST. */
    vatRateBp: integer("vat_rate_bp"),
    vatRappen: integer("vat_rappen").notNull().default(0),
    onlineRappen: integer("online_rappen").notNull().default(0),
    refundRappen: integer("refund_rappen").notNull().default(0),
    voucherCreditRappen: integer("voucher_credit_rappen").notNull().default(0),
    voucherRappen: integer("voucher_rappen").notNull().default(0),
    venueRappen: integer("venue_rappen").notNull().default(0),
    /** Paid by bank transfer against an invoice (issue #31 §2). */
    bankRappen: integer("bank_rappen").notNull().default(0),
    snapshot: jsonb("snapshot").$type<ReceiptSnapshot>().notNull(),
  },
  (t) => [
    uniqueIndex("receipts_number_key").on(t.number),
    index("receipts_reservation_idx").on(t.reservationId),
    index("receipts_issued_idx").on(t.issuedAt),
    check("receipts_kind_check", sql`${t.kind} in ('receipt','credit_note')`),
    check("receipts_total_check", sql`${t.totalRappen} > 0 and ${t.vatRappen} >= 0 and ${t.vatRappen} <= ${t.totalRappen}`),
  ],
);

/**
 * Promo codes (issue #31 §4): a discount typed into the voucher box. `percent_bp` or `amount_rappen`
 * by `kind`; null limits and lists mean "no limit" / "all". Uses are the active bookings that carry
 * the code (`promo_redemptions` joined to held or confirmed reservations), counted under this row's lock.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    kind: text("kind").$type<PromoKind>().notNull(),
    value: integer("value").notNull(),
    validFrom: date("valid_from", { mode: "string" }),
    validUntil: date("valid_until", { mode: "string" }),
    maxUses: integer("max_uses"),
    maxUsesPerEmail: integer("max_uses_per_email"),
    offerIds: jsonb("offer_ids").$type<number[] | null>(),
    games: integer("games").notNull().default(0),
    weekdays: jsonb("weekdays").$type<number[] | null>(),
    active: integer("active").notNull().default(1),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    createdBy: integer("created_by"),
  },
  (t) => [
    uniqueIndex("promo_codes_code_key").on(t.code),
    check("promo_codes_kind_check", sql`(${t.kind} = 'percent' and ${t.value} between 1 and 10000) or (${t.kind} = 'fixed' and ${t.value} > 0)`),
    check("promo_codes_limits_check", sql`(${t.maxUses} is null or ${t.maxUses} > 0) and (${t.maxUsesPerEmail} is null or ${t.maxUsesPerEmail} > 0)`),
  ],
);

/** One booking that carries a promo code, with the discount it got (one per booking). */
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    id: serial("id").primaryKey(),
    promoId: integer("promo_id")
      .notNull()
      .references(() => promoCodes.id),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id),
    /** Lower case, for the per-address limit. */
    email: text("email").notNull(),
    discountRappen: integer("discount_rappen").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("promo_redemptions_reservation_key").on(t.reservationId), index("promo_redemptions_promo_idx").on(t.promoId, t.email)],
);

export const INVOICE_STATUSES = ["open", "paid", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Invoices with a Swiss QR-bill (issue #31 §2) for a booking's open amount, paid by bank transfer:
 * `reference` is the QR reference (with a QR-IBAN) or the creditor reference RF… (with an IBAN);
 * `snapshot` freezes what the PDF shows. Open → paid (staff, once) or cancelled.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id),
    amountRappen: integer("amount_rappen").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    iban: text("iban").notNull(),
    reference: text("reference").notNull(),
    status: text("status").$type<InvoiceStatus>().notNull().default("open"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    snapshot: jsonb("snapshot").$type<InvoiceSnapshot>().notNull(),
    createdBy: integer("created_by"),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    uniqueIndex("invoices_reference_key").on(t.reference),
    // One open invoice per booking: a second press of «Rechnung erstellen» cannot bill twice.
    uniqueIndex("invoices_open_once").on(t.reservationId).where(sql`${t.status} = 'open'`),
    index("invoices_status_idx").on(t.status, t.dueDate),
    check("invoices_amount_check", sql`${t.amountRappen} > 0`),
    check("invoices_status_check", sql`${t.status} in ('open','paid','cancelled')`),
  ],
);

/**
 * The host family's invitation link (issue #32 §1), one per booking: `/einladung/<token>`. The token
 * is derived from SESSION_SECRET, the row's id and `version` (so the manage page can show it again),
 * and only its SHA-256 is stored for the look-up. «Neuer Link» raises the version (the old link
 * stops working); «zurückziehen» sets `revoked_at`.
 */
export const guestInvitations = pgTable(
  "guest_invitations",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id),
    version: integer("version").notNull().default(1),
    tokenHash: text("token_hash").notNull(),
    /** What guests bring (the host's words, e.g. rutschfeste Socken). */
    bring: text("bring").notNull().default(""),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("guest_invitations_reservation_key").on(t.reservationId), uniqueIndex("guest_invitations_hash_key").on(t.tokenHash)],
);

/**
 * A guest's answer to an invitation (issue #32 §2), edited through its own link (`edit_token_hash`).
 * Deleted — not hidden — `guest_retention_days` after the party by the privacy job.
 * `attending_since`: when it last became a «yes»; the yes answers in that order fill the party's
 * places, the rest wait. `host_declined_at`: the host said no to a waiting guest.
 */
export const guestReplies = pgTable(
  "guest_replies",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id),
    editTokenHash: text("edit_token_hash").notNull(),
    /** The invitation's version the answer came through: a renewed link is not handed to answers through an older one. */
    invitationVersion: integer("invitation_version").notNull().default(1),
    childName: text("child_name").notNull(),
    attending: integer("attending").notNull(),
    attendingSince: timestamp("attending_since", { withTimezone: true }),
    allergies: text("allergies").notNull().default(""),
    /** The meal chosen per meal extra (extra id → choice). */
    meals: jsonb("meals").$type<Record<string, string>>().notNull().default({}),
    photoConsent: integer("photo_consent").notNull(),
    phone: text("phone").notNull().default(""),
    hostDeclinedAt: timestamp("host_declined_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("guest_replies_edit_hash_key").on(t.editTokenHash),
    index("guest_replies_reservation_idx").on(t.reservationId),
    check("guest_replies_flags_check", sql`${t.attending} in (0,1) and ${t.photoConsent} in (0,1)`),
  ],
);

/**
 * One row per venue day the privacy job ran (issue #32 §4): inserted in the same transaction as
 * the deletions, so however many processes run the job, a day's deletions commit once; counts only.
 */
export const privacyRuns = pgTable("privacy_runs", {
  day: date("day", { mode: "string" }).primaryKey(),
  guestsDeleted: integer("guests_deleted").notNull(),
  invitationsDeleted: integer("invitations_deleted").notNull(),
  bookingsAnonymised: integer("bookings_anonymised").notNull(),
  ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
});
