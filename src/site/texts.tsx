import React, { createContext, useContext, useMemo } from 'react';
import { fillTemplate } from '../domain/text';
import type { Texts } from '../domain/page-context';

const TextsContext = createContext<Texts>({});

export function TextsProvider({ texts, children }: { texts: Texts; children: React.ReactNode }) {
  return <TextsContext.Provider value={texts}>{children}</TextsContext.Provider>;
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The page's texts in its language. A key the page was not given is a build error, not an English
 * fallback: the build renders every page, so a gap never reaches a visitor.
 */
export function makeTranslate(texts: Texts): Translate {
  return (key, values) => {
    const text = texts[key];
    if (text === undefined) throw new Error(`Text "${key}" is missing from this page's texts`);
    return fillTemplate(text, values);
  };
}

export function useT(): Translate {
  const texts = useContext(TextsContext);
  return useMemo(() => makeTranslate(texts), [texts]);
}
