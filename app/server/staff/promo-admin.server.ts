import { formatChf } from "~/domain/money";
import { parsePromoForm, promoConditionsText, promoValueText, type PromoFormErrors } from "~/domain/promo-codes";
import { getVenue } from "../booking/venue.server";
import type { Db } from "../platform/db.server";
import { createPromo, listPromos, setPromoActive } from "../vouchers/promo-codes.server";
import type { Staff } from "./auth.server";

/** /admin/einstellungen/aktionscodes (issue #31 §4): the codes with their uses, a new code, stop and resume. */

export type PromoOverview = {
  offers: { id: number; name: string }[];
  codes: { id: number; code: string; value: string; conditions: string; uses: string; confirmed: number; discount: string; active: boolean; note: string }[];
};

export async function promoOverview(db: Db): Promise<PromoOverview> {
  const offers = (await getVenue(db)).offers.map((o) => ({ id: o.id, name: o.name }));
  const name = (id: number) => offers.find((o) => o.id === id)?.name ?? `Angebot ${id}`;
  const codes = (await listPromos(db)).map((p) => ({
    id: p.id,
    code: p.rule.code,
    value: promoValueText(p.rule),
    conditions: promoConditionsText(p.rule, name),
    uses: p.rule.maxUses === null ? String(p.uses) : `${p.uses} von ${p.rule.maxUses}`,
    confirmed: p.confirmed,
    discount: formatChf(p.discountRappen),
    active: p.rule.active,
    note: p.note,
  }));
  return { offers, codes };
}

export type PromoFormResult = { ok: true; message: string } | { ok: false; message: string; errors?: PromoFormErrors };

export async function savePromo(db: Db, staff: Staff, form: FormData): Promise<PromoFormResult> {
  const offers = (await getVenue(db)).offers.map((o) => o.id);
  const parsed = parsePromoForm(form, offers);
  if (!parsed.ok) return { ok: false, message: "Bitte prüfen Sie die markierten Felder.", errors: parsed.errors };
  return createPromo(db, staff, parsed.value);
}

export async function switchPromo(db: Db, staff: Staff, id: unknown, active: boolean): Promise<PromoFormResult> {
  return setPromoActive(db, staff, id, active);
}
