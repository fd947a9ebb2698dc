import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { GERMAN_EMAIL_WORDS, type EmailKey } from "~/domain/email-words";
import { MSG } from "~/domain/messages";
import { CATALOGUE } from "./catalogue";
import { LANGS, LOCALE } from "./locales";

type Namespaces = Record<string, Record<string, Record<string, string>>>;
const catalogue = CATALOGUE as unknown as Namespaces;

/** Every argument a message uses, with its kind (`n:plural`, `name:argument`). */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument) out.add(`${el.value}:argument`);
    else if (el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) out.add(`${el.value}:${el.type}`);
    else if (el.type === TYPE.plural || el.type === TYPE.select) {
      out.add(`${el.value}:${el.type === TYPE.plural ? "plural" : "select"}`);
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    }
  }
  return out;
}

function sample(args: Set<string>): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const a of args) {
    const [name, kind] = a.split(":") as [string, string];
    values[name] = kind === "plural" || kind === "number" ? 2 : kind === "select" ? "other" : "x";
  }
  return values;
}

/** Words a language writes like German. */
const SAME_WORDS = new Set(["en:Status:", "fr:Total", "en:Total", "it:Total", "fr:Code", "en:Code", "en:Total: {amount}", "it:{meal}: {choices}", "en:{meal}: {choices}"]);

describe("message catalogue (issue #33)", () => {
  const entries = Object.entries(catalogue).flatMap(([ns, langs]) => Object.entries(langs.de!).map(([key, german]) => ({ ns, key, german })));

  it("has every German key in every language, and nothing more", () => {
    for (const [ns, langs] of Object.entries(catalogue)) {
      const keys = Object.keys(langs.de!).sort();
      for (const lang of LANGS) expect(Object.keys(langs[lang] ?? {}).sort(), `${ns} in ${lang}`).toEqual(keys);
    }
  });

  it("parses every message, with the German message's arguments in each language", () => {
    for (const { ns, key, german } of entries) {
      // The same names; the kind may differ (French needs a plural where German reads a number plainly).
      const names = (source: string) => [...new Set([...argumentsOf(parse(source))].map((a) => a.split(":")[0]))].sort();
      const expected = names(german);
      for (const lang of LANGS) {
        const source = catalogue[ns]![lang]![key]!;
        expect(names(source), `${ns}.${key} in ${lang}`).toEqual(expected);
        // And it formats with values (a plural without `other` or a bad select would throw).
        expect(() => new IntlMessageFormat(source, LOCALE[lang]).format(sample(argumentsOf(parse(source))))).not.toThrow();
      }
    }
  });

  it("translates: no French, Italian or English message is the German one (names and numbers aside)", () => {
    // Words that are the same in those languages ("Total", "E-Mail" as a label).
    const same = new Set(["common.pageTitle", "common.timeRange", "common.email"]);
    for (const { ns, key, german } of entries) {
      if (same.has(`${ns}.${key}`) || !/[a-zäöü]{4}/.test(german.replace(/\{[^}]*\}/g, ""))) continue;
      for (const lang of ["fr", "it", "en"] as const) {
        const text = catalogue[ns]![lang]![key];
        if (!SAME_WORDS.has(`${lang}:${text}`)) expect(text, `${ns}.${key} in ${lang}`).not.toBe(german);
      }
    }
  });

  it("keeps the frame's templates simple: the browser fills them without a formatter", () => {
    for (const lang of LANGS) {
      for (const [key, source] of Object.entries(catalogue.common![lang]!)) {
        for (const el of parse(source)) {
          expect([TYPE.literal, TYPE.argument], `common.${key} in ${lang}`).toContain(el.type);
        }
      }
    }
  });

  it("keeps the German e-mail words plain: GERMAN_EMAIL_WORDS fills them as the formatter would", () => {
    for (const [key, source] of Object.entries(catalogue.email!.de!)) {
      for (const el of parse(source)) expect([TYPE.literal, TYPE.argument], `email.${key}`).toContain(el.type);
      const values = sample(argumentsOf(parse(source)));
      expect(GERMAN_EMAIL_WORDS.say(key as EmailKey, values), key).toBe(String(new IntlMessageFormat(source, LOCALE.de).format(values)));
    }
  });

  it("mirrors every fixed text of domain/messages.ts word for word (localizeMsg looks them up)", () => {
    for (const [key, value] of Object.entries(MSG)) {
      if (typeof value === "string") expect(catalogue.msg!.de![key], key).toBe(value);
    }
  });

  it("words plurals per language: 1 Kind, 2 Kinder, 1 enfant, 2 enfants", () => {
    const format = (lang: (typeof LANGS)[number], count: number) => new IntlMessageFormat(catalogue.offers![lang]!.minCharged!, LOCALE[lang]).format({ count });
    expect(format("de", 1)).toBe("Mindestens 1 Kind wird verrechnet.");
    expect(format("de", 2)).toBe("Mindestens 2 Kinder werden verrechnet.");
    expect(format("fr", 1)).toContain("1 enfant ");
    expect(format("fr", 2)).toContain("2 enfants");
    expect(format("it", 1)).toContain("1 bambino");
    expect(format("it", 2)).toContain("2 bambini");
    expect(format("en", 1)).toMatch(/\b1 child\b/);
    expect(format("en", 2)).toContain("2 children");
  });
});
