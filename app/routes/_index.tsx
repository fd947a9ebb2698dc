import type { RouteHandle } from "~/root";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { ContactBlock, useVenueLangOf } from "~/components/SiteFooter";
import { useLocalePath } from "~/components/useLanguage";
import { useVenueContact } from "~/components/useVenueContact";
import { useVenueFacts } from "~/components/useVenueFacts";
import { localPageMeta } from "~/domain/page-meta";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";
import { venueContactOrNull } from "~/server/booking/venue.server";

export const handle: RouteHandle = { translated: true };

export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const contact = await venueContactOrNull();
  return {
    t: texts(lang, "home"),
    welcome: contact ? t(lang, "home", "welcome", { name: contact.name }) : t(lang, "home", "welcomePlain"),
    title: contact ? t(lang, "home", "homeTitle", { name: contact.name }) : t(lang, "home", "homeTitlePlain"),
  };
}

/** The home page's title names the venue as stored. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const [, description] = localPageMeta(matches, "");
  return [{ title: data?.title ?? "Fun World" }, description!];
};

export default function Landing() {
  const { t, welcome } = useLoaderData<typeof loader>();
  const facts = useVenueFacts();
  const contact = useVenueContact();
  const to = useLocalePath();
  const venueLang = useVenueLangOf();
  return (
    <Page title={welcome}>
      <section className="hero">
        <h2>{t.hero}</h2>
        {/* "About us" as the manager wrote it (line breaks kept, never HTML). */}
        {contact?.about ? (
          <p className="pre-line" lang={venueLang(contact.about)}>
            {contact.about}
          </p>
        ) : null}
        {facts ? (
          <p className="muted">
            {t.open} {facts.openingHours}
            {facts.birthdayDays ? (
              <>
                {" · "}
                {t.birthdays} {facts.birthdayDays}
              </>
            ) : null}
          </p>
        ) : null}
        <p>
          {t.gameLead} <a href={to("/games")}>{t.chooseLocation}</a>
        </p>
        <a className="button hero-cta" href={to("/offers")}>
          {t.bookNow}
        </a>
        <p>
          {t.giftLead} <a href={to("/gutschein")}>{t.giftLink}</a>
        </p>
      </section>
      {contact ? (
        <div className="card">
          <ContactBlock contact={contact} openingHours={facts?.openingHours ?? contact.openingHours} headingId="home-contact" title={t.reachUs} />
        </div>
      ) : null}
    </Page>
  );
}
