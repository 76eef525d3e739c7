/* global window, document, FileReader */
/**
 * What the promotions editor adds to Decap (the standalone bundle's window.CMS, window.h, window.createClass):
 * the tables' file format, the save check against the build's rules, and the preview of the built landing.
 */
(function () {
  'use strict';
  const { CMS, h, createClass } = window;
  // The stand-in (npm start) names itself here and answers the save check and the rebuild. A copy of the
  // editor on another host (the production setup) has neither: there CI builds each pull request.
  const server = document.querySelector('meta[name="promo-editor-server"]');
  const ADMIN = server ? server.content : null;
  const FORMAT = 'table-json';

  /** Empty values are what an untouched optional field gives: the tables leave such a key out. */
  function withoutEmpty(value) {
    if (Array.isArray(value)) {
      const items = value.map(withoutEmpty).filter((item) => item !== undefined);
      return items.length ? items : undefined;
    }
    if (value && typeof value === 'object') {
      const out = {};
      for (const key of Object.keys(value)) {
        const inner = withoutEmpty(value[key]);
        if (inner !== undefined) out[key] = inner;
      }
      return Object.keys(out).length ? out : undefined;
    }
    return value === '' || value === null || value === undefined ? undefined : value;
  }

  /**
   * Every field of the config by its dotted name ("experiment.variants.weight"), in the config's order:
   * the order the tables' files keep their keys in. Decap's data map keeps none, and hands toFile only
   * the top level's.
   */
  let fieldOrder = [];
  function fieldNames(fields, prefix, out) {
    for (const field of fields || []) {
      out.push(prefix + field.name);
      fieldNames(field.fields, `${prefix}${field.name}.`, out);
    }
    return out;
  }

  /** Keys in the fields' order ("$schema" first); keys the editor does not show keep theirs, after the others. */
  function ordered(value, prefix) {
    if (Array.isArray(value)) return value.map((item) => ordered(item, prefix));
    if (!value || typeof value !== 'object') return value;
    const rank = (key) => {
      if (key === '$schema') return -1;
      const at = fieldOrder.indexOf(prefix + key);
      return at === -1 ? Infinity : at;
    };
    const original = Object.keys(value);
    // Infinity - Infinity is NaN: two unknown keys keep the order they came in.
    const keys = [...original].sort((a, b) => rank(a) - rank(b) || original.indexOf(a) - original.indexOf(b));
    const out = {};
    for (const key of keys) out[key] = ordered(value[key], `${prefix}${key}.`);
    return out;
  }

  CMS.registerCustomFormat(FORMAT, 'json', {
    fromFile: (content) => JSON.parse(content),
    // Decap adds the final newline: the files are JSON.stringify(table, null, 2) + "\n".
    toFile: (data) => JSON.stringify(ordered(withoutEmpty(data) || {}, ''), null, 2),
  });

  function fileOf(entry) {
    if (entry.get('collection') === 'promotions') {
      const data = entry.get('data');
      return `data/promotions/${data.get('brand')}/${data.get('country')}/${data.get('slug')}.json`;
    }
    return entry.get('path');
  }

  function base64(file) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).split(',')[1] || '');
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
  }

  /** The images chosen in this entry that its data names: one chosen and dropped, or refused, is never sent. */
  async function draftMedia(entry, data) {
    const files = entry.get('mediaFiles');
    if (!files) return [];
    const named = JSON.stringify(data || {});
    const chosen = files
      .toArray()
      .filter((media) => media.get('draft') && media.get('file'))
      .filter((media) => named.includes(JSON.stringify(String(media.get('path')).replace(/^data\/creatives\//, ''))));
    return Promise.all(chosen.map(async (media) => ({ path: media.get('path'), base64: await base64(media.get('file')) })));
  }

  async function sha256(text) {
    const digest = await window.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  }

  /**
   * Each file as this tab last knew it, so a save from a copy older than the file is refused. An entry
   * keeps the text it was opened with even after this tab saves it, so the tab remembers, per file, the
   * hash it opened and the hash it wrote: saving again then starts from what it wrote.
   */
  const wrote = new Map();
  let pendingBase = null;

  async function baseOf(entry) {
    if (entry.get('newRecord')) return null;
    const opened = await sha256(entry.get('raw') || '');
    const last = wrote.get(entry.get('path'));
    return { path: entry.get('path'), opened, sha: last && last.opened === opened ? last.sha : opened };
  }

  /**
   * Decap's local backend calls go through the stand-in (backend-proxy.ts), which refuses a save from a
   * stale copy: the save names the hash its tab read the file with, and remembers what it wrote.
   */
  if (ADMIN) {
    const plainFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input && input.url;
      if (!url || !String(url).includes(`${ADMIN}api/v1`) || !init || typeof init.body !== 'string') return plainFetch(input, init);
      const body = JSON.parse(init.body);
      const base = body.action === 'persistEntry' ? pendingBase : null;
      if (base) body.params = { ...body.params, base: { [base.path]: base.sha } };
      const response = await plainFetch(input, { ...init, body: JSON.stringify(body) });
      if (base && response.ok) {
        for (const file of body.params.dataFiles || []) {
          if (file.path === base.path) wrote.set(base.path, { opened: base.opened, sha: await sha256(file.raw) });
        }
      }
      return response;
    };
  }

  // The build's own checks on the tables as they would be after this save; a refusal keeps the file as it was.
  if (ADMIN)
    CMS.registerEventListener({
      name: 'preSave',
      handler: async ({ entry }) => {
        const data = withoutEmpty(entry.get('data').toJS()) || {};
        pendingBase = await baseOf(entry);
        const body = {
          path: fileOf(entry),
          previousPath: entry.get('newRecord') ? null : entry.get('path'),
          isNew: Boolean(entry.get('newRecord')),
          data,
          media: await draftMedia(entry, data),
          base: pendingBase ? pendingBase.sha : undefined,
        };
        const response = await fetch(`${ADMIN}check`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const answer = await response.json();
        if (!answer.ok) throw new Error(`The build refuses this change: ${answer.problems.join(' · ')}`);
        return undefined;
      },
    });

  /** Saves written in this tab: the preview renders the landing again after each. */
  let saves = 0;
  const onSave = new Set();

  if (ADMIN)
    CMS.registerEventListener({
      name: 'postSave',
      handler: async () => {
        // The server starts the site's rebuild as it writes the save; here only the preview is told.
        saves += 1;
        for (const listener of onSave) listener(saves);
      },
    });

  /** The texts a draft changes: the keys whose value differs from the file the entry was opened from. */
  function changedKeys(entry) {
    let before = {};
    try {
      before = JSON.parse(entry.get('raw') || '{}');
    } catch {
      before = {};
    }
    const data = entry.get('data').toJS();
    return Object.keys(data)
      .filter((key) => key !== '$schema' && data[key] !== before[key])
      .sort();
  }

  /** The variants of the entry's experiment ({id, weight}), none without one. */
  function variantsOf(data) {
    const variants = data && data.getIn(['experiment', 'variants']);
    if (!variants || !variants.size) return [];
    return variants.toJS().filter((variant) => variant && variant.id);
  }

  /** What the site's full rebuild is doing, in a line under the preview's own. */
  function rebuildLine(status) {
    if (status && status.state === 'rebuilding') {
      const seconds = Math.round((Date.now() - status.startedAt) / 1000);
      const share = status.stepsExpected ? ` (${Math.min(99, Math.round((100 * status.stepsDone) / status.stepsExpected))} %)` : '';
      return [`The whole site is rebuilding… ${seconds} s${share}${status.step ? `: ${status.step}` : ''}.`, '#b45309'];
    }
    if (status && status.state === 'failed') return [`The site was not rebuilt: ${status.failure || 'the build stopped'}`, '#b91c1c'];
    return ['The whole site is built.', '#1d4ed8'];
  }

  /**
   * The landing as saved, rendered at once by the site's own template from the tables on disk (the
   * stand-in's ?preview=editor), while the whole site rebuilds behind it; an experiment's landing shows
   * the variant picked here, named above the frame, never the one a cookie falls in. For a language's
   * texts (`language`), the landings the edit reaches are named above it, and the frame shows the first.
   */
  function landingPreview(pathFor, { withVariants = false, language = null } = {}) {
    return createClass({
      getInitialState() {
        return { status: null, saves, variant: null, reach: null };
      },
      componentDidMount() {
        this.alive = true;
        this.reachKeys = '';
        this.listener = (count) => this.setState({ saves: count });
        onSave.add(this.listener);
        this.poll();
        this.updateReach();
      },
      componentDidUpdate() {
        this.updateReach();
      },
      componentWillUnmount() {
        this.alive = false;
        onSave.delete(this.listener);
        clearTimeout(this.timer);
        clearTimeout(this.reachTimer);
      },
      async poll() {
        try {
          const response = await fetch(`${ADMIN}rebuild`, { cache: 'no-store' });
          if (this.alive) this.setState({ status: await response.json() });
        } catch {
          // The server restarting: the next poll tells.
        }
        if (this.alive) this.timer = setTimeout(() => this.poll(), 1000);
      },
      updateReach() {
        if (!language) return;
        const keys = changedKeys(this.props.entry).join(',');
        if (keys === this.reachKeys) return;
        this.reachKeys = keys;
        clearTimeout(this.reachTimer);
        if (!keys) {
          this.setState({ reach: null });
          return;
        }
        // Typing changes the draft at each key; ask once the typing pauses.
        this.reachTimer = setTimeout(async () => {
          try {
            const query = new URLSearchParams({ language, keys });
            const response = await fetch(`${ADMIN}reach?${query}`, { cache: 'no-store' });
            const reach = await response.json();
            if (this.alive && this.reachKeys === keys && response.ok) this.setState({ reach });
          } catch {
            // The server restarting: the next edit asks again.
          }
        }, 300);
      },
      reachLine() {
        const reach = this.state.reach;
        if (!reach) return null;
        const count = reach.landings.length;
        const text = count
          ? `This change reaches ${count} landing${count === 1 ? '' : 's'} in ${language}: ${reach.landings.join(', ')}. The frame shows ${reach.landings[0]}.`
          : `This change reaches no landing in ${language}: no landing of it shows these texts.`;
        return h('p', { 'data-reach': String(count), style: { margin: '0 0 8px', color: '#1e293b', fontSize: '14px' } }, text);
      },
      render() {
        const status = this.state.status;
        const data = this.props.entry.get('data');
        const reach = this.state.reach;
        const target = reach && reach.paths.length ? reach.paths[0] : pathFor(data);
        const variants = withVariants ? variantsOf(data) : [];
        const shown =
          variants.find((variant) => variant.id === this.state.variant) ||
          variants.find((variant) => variant.id === 'control') ||
          variants[0];
        const generation = status ? status.generation : 0;
        const query = `preview=editor&save=${this.state.saves}&build=${generation}${shown ? `&variant=${encodeURIComponent(shown.id)}` : ''}`;
        const src = `/promo${target}?${query}`;
        const experiment = data && data.getIn(['experiment', 'id']);
        const what = shown ? `Variant “${shown.id}” of the A/B experiment ${experiment} (${shown.weight} % of visitors)` : 'The landing';
        const [rebuild, tone] = rebuildLine(status);
        return h(
          'div',
          { style: { fontFamily: 'system-ui, sans-serif', height: '100%' } },
          this.reachLine(),
          h(
            'p',
            { 'data-preview-label': shown ? shown.id : '', style: { margin: '0 0 4px', fontSize: '14px', fontWeight: 600 } },
            `${what}, as saved, rendered by the site’s own template.`,
          ),
          variants.length > 1
            ? h(
                'div',
                { role: 'group', 'aria-label': 'Variant shown', style: { display: 'flex', gap: '6px', margin: '0 0 6px' } },
                variants.map((variant) =>
                  h(
                    'button',
                    {
                      key: variant.id,
                      type: 'button',
                      'aria-pressed': variant === shown ? 'true' : 'false',
                      onClick: () => this.setState({ variant: variant.id }),
                      style: { font: 'inherit', fontSize: '13px', padding: '2px 8px', fontWeight: variant === shown ? 700 : 400 },
                    },
                    `${variant.id} (${variant.weight} %)`,
                  ),
                ),
              )
            : null,
          h(
            'p',
            {
              role: 'status',
              'data-rebuild': status ? status.state : 'unknown',
              style: { margin: '0 0 8px', color: tone, fontSize: '13px' },
            },
            rebuild,
          ),
          h('iframe', {
            key: src,
            src,
            title: `Landing ${target}${shown ? `, variant ${shown.id}` : ''}`,
            'data-generation': generation,
            style: { width: '100%', height: '80vh', border: '1px solid #ccc' },
          }),
        );
      },
    });
  }

  const configUrl = document.querySelector('link[rel="cms-config-url"]').getAttribute('href');
  Promise.all([
    fetch(configUrl).then((response) => response.json()),
    ADMIN ? fetch(`${ADMIN}landings.json`).then((response) => response.json()) : {},
  ])
    .then(([config, byLanguage]) => {
      fieldOrder = config.collections.flatMap((collection) => [
        ...fieldNames(collection.fields, '', []),
        ...(collection.files || []).flatMap((file) => fieldNames(file.fields, '', [])),
      ]);
      if (ADMIN) {
        CMS.registerPreviewTemplate(
          'promotions',
          landingPreview((data) => `/${data.get('brand')}/${data.get('country')}/${data.get('slug')}/`, { withVariants: true }),
        );
        for (const language of Object.keys(byLanguage)) {
          CMS.registerPreviewTemplate(
            language,
            landingPreview(() => byLanguage[language], { language }),
          );
        }
      }
      return config;
    })
    .then(
      // The config, already read as JSON, is handed over whole: left to itself Decap would fetch it again
      // and parse it as YAML, which at the config's size keeps the editor blank for seconds.
      (config) => CMS.init({ config: { ...config, load_config_file: false } }),
      () => CMS.init(),
    );
})();
