/* global document */
/**
 * The page that finds landings and changes one field over all it found (bulk-page.ts): find, review the
 * files the change writes with each landing's value before and after, then save them in one save.
 */
(function () {
  'use strict';
  const ADMIN = document.querySelector('meta[name="promo-editor-server"]').content;
  const findForm = document.getElementById('find');
  const changeForm = document.getElementById('change');
  const found = document.getElementById('found');
  const review = document.getElementById('review');
  const saveButton = document.getElementById('save');
  const outcome = document.getElementById('outcome');
  let selection = {};
  let reviewed = null;

  function element(name, text, attributes) {
    const node = document.createElement(name);
    if (text !== undefined) node.textContent = text;
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
    return node;
  }

  function say(text, problem) {
    outcome.hidden = false;
    outcome.textContent = text;
    outcome.id = 'outcome';
    outcome.setAttribute('role', problem ? 'alert' : 'status');
    if (!problem) outcome.setAttribute('data-saved', 'true');
    else outcome.removeAttribute('data-saved');
    outcome.style.cssText = problem ? '' : 'background:#dcfce7;color:#14532d;padding:8px 12px';
  }

  const plural = (count, one) => `${count} ${one}${count === 1 ? '' : 's'}`;

  async function find(event) {
    event.preventDefault();
    selection = Object.fromEntries([...new FormData(findForm)].filter(([, value]) => value));
    review.hidden = true;
    outcome.hidden = true;
    const response = await fetch(`${ADMIN}find?${new URLSearchParams(selection)}`, { cache: 'no-store' });
    const { landings } = await response.json();
    found.hidden = false;
    document.getElementById('found-count').textContent = `${plural(landings.length, 'landing')} found`;
    const body = found.querySelector('tbody');
    body.replaceChildren(
      ...landings.map((landing) => {
        const row = element('tr');
        const name = element('td');
        name.append(element('a', landing.entry, { href: `${ADMIN}#/collections/promotions/entries/${landing.entry}` }));
        row.append(name, element('td', landing.status), element('td', landing.date));
        return row;
      }),
    );
    changeForm.hidden = landings.length === 0;
  }

  async function reviewChange(event) {
    event.preventDefault();
    const change = Object.fromEntries(new FormData(changeForm));
    outcome.hidden = true;
    const response = await fetch(`${ADMIN}bulk/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ selection, change }),
    });
    const answer = await response.json();
    if (!response.ok) return say(answer.problem, true);
    reviewed = { change, files: answer.files };
    review.hidden = false;
    const label = changeForm.querySelector('select[name="field"] option:checked').textContent;
    document.getElementById('review-count').textContent = answer.files.length
      ? `This change writes ${plural(answer.files.length, 'landing')} (${label}):`
      : 'No landing found changes: each holds that value already.';
    review
      .querySelector('ul')
      .replaceChildren(...answer.files.map((file) => element('li', `${file.entry}: ${file.from ?? '(none)'} → ${file.to ?? '(none)'}`)));
    saveButton.hidden = answer.files.length === 0;
    saveButton.textContent = `Save ${plural(answer.files.length, 'landing')} in one change`;
    return undefined;
  }

  async function save() {
    if (!reviewed) return;
    saveButton.disabled = true;
    try {
      const response = await fetch(`${ADMIN}bulk/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          selection,
          change: reviewed.change,
          reviewed: Object.fromEntries(reviewed.files.map((file) => [file.file, file.base])),
        }),
      });
      const answer = await response.json();
      if (!answer.ok) {
        say(`Nothing is saved: ${answer.problem}`, true);
        return;
      }
      review.hidden = true;
      reviewed = null;
      say(`Saved ${plural(answer.saved.length, 'landing')} in one change; the site is being rebuilt with it.`, false);
    } finally {
      saveButton.disabled = false;
    }
  }

  findForm.addEventListener('submit', (event) => void find(event));
  changeForm.addEventListener('submit', (event) => void reviewChange(event));
  saveButton.addEventListener('click', () => void save());
})();
