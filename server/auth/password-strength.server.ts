import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

import { BREACHED_PASSWORD_MESSAGE } from "#core/messages/security.ts";
/**
 * zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" against an attacker holding the hashes, who has
 * to run argon2id for every guess.
 */
export const MIN_PASSWORD_SCORE = 3;

interface Judge {
  /** The list zxcvbn ships: the most used passwords seen in breaches, lower-cased. */
  breachedPasswords: Set<string>;
  estimator: ZxcvbnFactory;
}
let judge: Judge | undefined;

/**
 * zxcvbn's ranked dictionaries take a tenth to a quarter of a second and about 15 MB of heap to build, so they are
 * built when the first password is judged, not at every start: most starts and most days judge none.
 */
function passwordJudge(): Judge {
  judge ??= {
    breachedPasswords: new Set(common.dictionary["passwords-common"]),
    estimator: new ZxcvbnFactory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
    }),
  };
  return judge;
}

/**
 * Why a new password is refused, or undefined when it is good enough. `personal` holds what an attacker would try
 * first for this account (its email and its name): a password built from them is refused too.
 */
export function passwordWeakness(password: string, personal: string[] = []): string | undefined {
  const { breachedPasswords, estimator } = passwordJudge();
  if (breachedPasswords.has(password.toLowerCase())) return BREACHED_PASSWORD_MESSAGE;
  const inputs = personal.flatMap((value) => [value, ...value.split(/[^\p{L}\p{N}]+/u)]).filter((value) => value.length >= 3);
  const { score, feedback } = estimator.check(password, inputs);
  if (score >= MIN_PASSWORD_SCORE) return undefined;
  const why = feedback.warning ? ` ${feedback.warning.replace(/\.?$/, ".")}` : "";
  const tip = feedback.suggestions[0] ? ` ${feedback.suggestions[0].replace(/\.?$/, ".")}` : " Add more words or characters.";
  return `This password is too easy to guess.${why}${tip}`;
}
