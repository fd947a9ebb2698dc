import { DEFAULT_BALANCE_DAYS, depositRuleText } from "~/domain/deposit";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ChoiceCards } from "~/components/ChoiceCards";
import { Page } from "~/components/Page";
import { useHydrated } from "~/components/useHydrated";
import { MSG } from "~/domain/messages";
import { formatChf } from "~/domain/money";
import { DEFAULT_ADULT_PRICES } from "~/domain/pricing";
import { minChargedLine } from "~/domain/party-rules";
import { getDb } from "~/server/platform/db.server";
import { getDraft, redirectWithDraft, updateDraft } from "~/server/booking/draft.server";
import { findOffer, getVenue, venuePolicy } from "~/server/booking/venue.server";
import { pageMeta } from "~/domain/page-meta";
import { log, oneLineError } from "~/server/platform/log.server";

export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Angebot wählen");

export async function loader({ request }: LoaderFunctionArgs) {
  const [venue, draft] = await Promise.all([
    getVenue(await getDb()).catch((error: Error) => {
      // Spec §8: an offer fetch failure is only logged; the list stays empty.
      log.warn({ cause: oneLineError(error) }, "offers could not be loaded");
      return null;
    }),
    getDraft(request),
  ]);
  const prices = venue?.prices ?? DEFAULT_ADULT_PRICES;
  const balanceDays = venue ? venuePolicy(venue).balanceDays : DEFAULT_BALANCE_DAYS;
  return {
    // The minimum charged is part of the price: named with the package, before the counters.
    // The package's own points, then what the family must know before choosing: a minimum charged, a deposit (issue #30 §3).
    offers: (venue?.offers ?? []).map((o) => ({
      ...o,
      points: [...o.items.map((i) => i.desc), ...(o.minChargedChildren > 0 ? [minChargedLine(o.minChargedChildren)] : []), ...(depositRuleText(o, balanceDays) ? [depositRuleText(o, balanceDays)!] : [])],
    })),
    selected: draft.offerId ?? null,
    adultPrices: { active: prices.activeAdultPriceRappen, accompanying: prices.accompanyingAdultPriceRappen },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const offerId = Number(form.get("offerId"));
  const offer = Number.isInteger(offerId) ? await findOffer(await getDb(), offerId) : undefined;
  if (!offer) return data({ error: MSG.chooseOffer }, { status: 400 });
  const cookie = await updateDraft(request, (d) => ({
    ...(d.flow === "game" ? { couponCode: d.couponCode, bookingCode: d.bookingCode } : d),
    flow: "offers",
    offerId: offer.id,
    // A different package has a different duration: the slot chosen before no longer fits.
    ...(d.offerId !== offer.id ? { startMin: undefined, endMin: undefined } : {}),
  }));
  return redirectWithDraft("/find-slot", cookie);
}

export default function Offers() {
  const { offers, selected, adultPrices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<number | null>(selected);
  return (
    <Page title="Angebot wählen">
      <Form method="post">
        {actionData?.error ? (
          <div className="alert alert-error" role="alert">
            {actionData.error}
          </div>
        ) : null}
        {offers.length === 0 ? (
          <p className="alert alert-info">{MSG.noOffers}</p>
        ) : (
          <ChoiceCards
            name="offerId"
            legend="Geburtstagsangebote"
            choices={offers.map((offer) => ({
              value: offer.id,
              title: offer.name,
              price: `${formatChf(offer.basePriceRappen)} pro Kind`,
              points: offer.points,
            }))}
            selected={selected}
            onChoose={setChoice}
          />
        )}
        {/* Adults are part of the total too; a parent should see that before the summary adds them up. */}
        {offers.length > 0 ? (
          <p className="muted">
            Erwachsene: mitspielend {formatChf(adultPrices.active)}, nur Begleitung {formatChf(adultPrices.accompanying)} pro Person.
          </p>
        ) : null}
        <div className="actions">
          <a href="/" className="button button-secondary">
            Zurück
          </a>
          <button type="submit" className="button" disabled={hydrated && choice === null}>
            Weiter
          </button>
        </div>
      </Form>
    </Page>
  );
}
