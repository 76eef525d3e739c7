/** Renders a piece of a landing the way the template does: theme, texts and visitor around it. */
import { render } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import type { Brand } from '../../src/domain/links';
import { PageShell } from '../../src/site/PageShell';

export function texts(language: string): Record<string, string> {
  const { $schema: _schema, ...all } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../data/i18n', `${language}.json`), 'utf8'));
  return all;
}

export function renderInPage(ui: React.ReactElement, { brand = 'zenit', language = 'en' }: { brand?: Brand; language?: string } = {}) {
  return render(
    <PageShell brand={brand} texts={texts(language)}>
      {ui}
    </PageShell>,
  );
}
