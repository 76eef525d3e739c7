/* global document */
/**
 * The launch page's script: shows the parts of the form the chosen kind of launch needs, the texts of
 * the chosen offer family with the English beside, and sends the launch to the stand-in, which writes it
 * in one save or says, in the build's words, why not.
 */
(function () {
  'use strict';
  const form = document.getElementById('launch');
  const answer = document.getElementById('answer');
  const ADMIN = '/__admin/';
  let state = null;

  const mode = () => form.elements.mode.value;
  const checked = (name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((input) => input.value);
  const familyOf = () => {
    if (mode() === 'new') return form.elements.offer.value;
    const slug = mode() === 'more' ? form.elements.existing.value : form.elements.from.value.split('/')[2];
    return state && state.slugs[slug] ? state.slugs[slug].offer : null;
  };

  function renderTexts() {
    const body = document.getElementById('texts');
    // What the marketer typed stays when a country is added or removed.
    const typed = new Map([...body.querySelectorAll('input')].map((input) => [input.name, input.value]));
    body.textContent = '';
    const family = familyOf();
    if (!state || !family) return;
    const prefix = `offer.${family}.`;
    const english = state.texts[state.reference] || {};
    for (const language of checked('country')) {
      const texts = state.texts[language] || {};
      for (const key of Object.keys(english).filter((name) => name.startsWith(prefix))) {
        const row = document.createElement('tr');
        const field = document.createElement('td');
        const label = document.createElement('label');
        label.textContent = `${language} ${key} `;
        const input = document.createElement('input');
        input.name = `text:${language}:${key}`;
        input.value = typed.has(input.name) ? typed.get(input.name) : texts[key] || '';
        input.dataset.original = texts[key] || '';
        label.append(input);
        field.append(label);
        const hint = document.createElement('td');
        hint.className = 'hint';
        hint.textContent = english[key];
        row.append(field, hint);
        body.append(row);
      }
    }
  }

  function refresh() {
    for (const part of form.querySelectorAll('[data-mode]')) part.hidden = part.dataset.mode !== mode();
    const countries = checked('country');
    for (const row of form.querySelectorAll('[data-country]')) row.hidden = !countries.includes(row.dataset.country);
    const newKey = mode() === 'new' && form.elements.promo.value === '';
    for (const part of form.querySelectorAll('[data-new-promo]')) part.hidden = !newKey;
    form.querySelector('[data-days]').hidden = mode() === 'duplicate';
    renderTexts();
  }

  function request() {
    const body = { brands: checked('brand'), countries: checked('country'), base: state ? state.base : undefined };
    const amounts = {};
    for (const country of body.countries) {
      const value = form.elements[`amount-${country}`].value;
      if (value !== '') amounts[country] = Number(value);
    }
    body.amounts = amounts;
    if (mode() === 'new') {
      body.slug = form.elements.slug.value.trim();
      body.offer = form.elements.offer.value;
      body.amount = form.elements.amount.checked;
      body.promo = form.elements.promo.value || form.elements.newPromo.value.trim();
      if (!form.elements.promo.value) {
        body.promoCodes = {};
        // A promo key has a code and an id for every brand, whichever brands the launch runs in.
        for (const input of form.querySelectorAll('input[name^="code-"]')) {
          const brand = input.name.slice('code-'.length);
          body.promoCodes[brand] = {
            promo_code: input.value.trim(),
            promo_id: Number(form.elements[`id-${brand}`].value),
          };
        }
      }
    } else if (mode() === 'more') {
      body.slug = form.elements.existing.value;
    } else {
      body.from = form.elements.from.value;
      body.slug = body.from.split('/')[2];
    }
    if (mode() !== 'duplicate') {
      body.row = { date: form.elements.date.value };
      if (form.elements.first_day.value) body.row.first_day = form.elements.first_day.value;
      if (form.elements.redirect_to.value.trim()) body.row.redirect_to = form.elements.redirect_to.value.trim();
    }
    const texts = {};
    for (const input of form.querySelectorAll('input[name^="text:"]')) {
      if (input.value === input.dataset.original) continue;
      const [, language, key] = input.name.split(':');
      (texts[language] = texts[language] || {})[key] = input.value;
    }
    body.texts = texts;
    return body;
  }

  function show(state_, lines) {
    answer.dataset.state = state_;
    answer.textContent = '';
    for (const line of lines) {
      const item = document.createElement('p');
      item.textContent = line;
      answer.append(item);
    }
  }

  async function send(dryRun) {
    show('busy', [dryRun ? 'Checking with the build’s rules…' : 'Saving…']);
    const response = await fetch(`${ADMIN}launch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...request(), dryRun }),
    });
    const result = await response.json();
    if (!result.ok) {
      show('refused', [`Not launched: ${(result.problems || []).join(' · ')}`]);
      return;
    }
    const landings = `${result.landings.length} landings: ${result.landings.join(', ')}`;
    const files = `Files: ${result.files.join(', ')}`;
    if (dryRun) show('checked', [`The build accepts this launch. It adds ${landings}.`, files]);
    else {
      // The save's write started the site's rebuild, as after the editor's saves.
      show('ok', [`Launched ${landings}.`, files, 'The site is rebuilding; the editor’s preview shows each landing when it is done.']);
      await load();
    }
  }

  async function load() {
    state = await (await fetch(`${ADMIN}launch.json`, { cache: 'no-store' })).json();
    form.dataset.ready = 'true';
    refresh();
  }

  form.addEventListener('change', (event) => {
    if (!event.target.name.startsWith('text:')) refresh();
  });
  document.getElementById('check').addEventListener('click', () => void send(true));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(false);
  });
  refresh();
  void load();
})();
