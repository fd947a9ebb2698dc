import type { RouteHandle } from "~/root";
import { DEFAULT_BALANCE_DAYS } from "~/domain/deposit";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ChoiceCards } from "~/components/ChoiceCards";
import { Page } from "~/components/Page";
import { useHydrated } from "~/components/useHydrated";
import { formatChf } from "~/domain/money";
import { venueWord } from "~/domain/venue-translations";
import { DEFAULT_ADULT_PRICES } from "~/domain/pricing";
import { getDb } from "~/server/platform/db.server";
import { getDraft, redirectWithDraft, updateDraft } from "~/server/booking/draft.server";
import { findOffer, getVenue, venuePolicy } from "~/server/booking/venue.server";
import { localPageMeta } from "~/domain/page-meta";
import { useCommonTexts, useLocalePath } from "~/components/useLanguage";
import { useVenueLangOf } from "~/components/SiteFooter";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";
import { localePath, type Lang } from "~/i18n/locales";
import { log, oneLineError } from "~/server/platform/log.server";

export const handle: RouteHandle = { hydrate: true, translated: true };
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? "Angebot wählen");

/** What a family must know before choosing, in its language: a minimum charged, a deposit (issue #30 §3). */
function offerPoints(lang: Lang, offer: { minChargedChildren: number; depositKind: string | null; depositValue: number | null }, balanceDays: number): string[] {
  const points: string[] = [];
  if (offer.minChargedChildren > 0) points.push(t(lang, "offers", "minCharged", { count: offer.minChargedChildren }));
  const rest = balanceDays > 0 ? t(lang, "offers", "balanceBefore", { days: balanceDays }) : t(lang, "offers", "balanceAtParty");
  if (offer.depositKind === "percent") points.push(t(lang, "offers", "depositPercent", { percent: offer.depositValue ?? 0, rest }));
  if (offer.depositKind === "fixed") points.push(t(lang, "offers", "depositFixed", { amount: formatChf(offer.depositValue ?? 0, lang), rest }));
  return points;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const [venue, draft] = await Promise.all([
    getVenue(await getDb()).catch((error: Error) => {
      // Spec §8: an offer fetch failure is only logged; the list stays empty.
      log.warn({ cause: oneLineError(error) }, "offers could not be loaded");
      return null;
    }),
    getDraft(request),
  ]);
  const prices = venue?.prices ?? DEFAULT_ADULT_PRICES;
  // The venue's own words, translated where it did (issue #33); otherwise German, marked on the page.
  const word = (german: string) => (venue ? venueWord(venue.translations, lang, german) : german);
  const balanceDays = venue ? venuePolicy(venue).balanceDays : DEFAULT_BALANCE_DAYS;
  return {
    t: texts(lang, "offers"),
    // The minimum charged is part of the price: named with the package, before the counters.
    // The package's own points (as the venue wrote them), then the rules in the family's language.
    offers: (venue?.offers ?? []).map((o) => ({
      id: o.id,
      name: word(o.name),
      price: t(lang, "offers", "perChild", { price: formatChf(o.basePriceRappen, lang) }),
      venuePoints: o.items.map((i) => word(i.desc)),
      points: offerPoints(lang, o, balanceDays),
    })),
    selected: draft.offerId ?? null,
    adults: t(lang, "offers", "adults", { active: formatChf(prices.activeAdultPriceRappen, lang), accompanying: formatChf(prices.accompanyingAdultPriceRappen, lang) }),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const form = await request.formData();
  const offerId = Number(form.get("offerId"));
  const offer = Number.isInteger(offerId) ? await findOffer(await getDb(), offerId) : undefined;
  if (!offer) return data({ error: t(lang, "offers", "chooseOffer") }, { status: 400 });
  const cookie = await updateDraft(request, (d) => ({
    ...(d.flow === "game" ? { couponCode: d.couponCode, bookingCode: d.bookingCode } : d),
    flow: "offers",
    offerId: offer.id,
    // A different package has a different duration: the slot chosen before no longer fits.
    ...(d.offerId !== offer.id ? { startMin: undefined, endMin: undefined } : {}),
  }));
  return redirectWithDraft(localePath(lang, "/find-slot"), cookie);
}

export default function Offers() {
  const { t, offers, selected, adults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const to = useLocalePath();
  const common = useCommonTexts();
  const venueLang = useVenueLangOf();
  const [choice, setChoice] = useState<number | null>(selected);
  return (
    <Page title={t.title}>
      <Form method="post">
        {actionData?.error ? (
          <div className="alert alert-error" role="alert">
            {actionData.error}
          </div>
        ) : null}
        {offers.length === 0 ? (
          <p className="alert alert-info">{t.noOffers}</p>
        ) : (
          <ChoiceCards
            name="offerId"
            legend={t.legend}
            choices={offers.map((offer) => ({
              value: offer.id,
              title: offer.name,
              price: offer.price,
              venuePoints: offer.venuePoints,
              points: offer.points,
            }))}
            venueLang={venueLang}
            selected={selected}
            onChoose={setChoice}
          />
        )}
        {/* Adults are part of the total too; a parent should see that before the summary adds them up. */}
        {offers.length > 0 ? (
          <p className="muted">{adults}</p>
        ) : null}
        <div className="actions">
          <a href={to("/")} className="button button-secondary">
            {common.back}
          </a>
          <button type="submit" className="button" disabled={hydrated && choice === null}>
            {common.next}
          </button>
        </div>
      </Form>
    </Page>
  );
}
