// kilab try: a Discord-like page over the fake Discord the real bot talks to.
// Everything shown comes from the Go server's /api/*; messages arrive as
// Discord's own message JSON and are rendered here as Discord's client would.
// No innerHTML anywhere: message text is untrusted and only ever becomes text
// nodes.
"use strict";

const $ = (id) => document.getElementById(id);
const enc = encodeURIComponent;

const EPHEMERAL = 64; // message flags, as Discord numbers them
const LOADING = 128;
const THREAD_CREATED = 18; // message type of "X started a thread"

const state = {
  world: null, // GET /api/world
  member: "", // whom the page acts as
  channel: "", // the selected channel
  dm: "", // the member's DM channel with the bot
  commands: [], // the slash commands the member can use in the channel
  unread: new Set(), // channels that changed while not viewed
  rendered: new Map(), // message id → {key, node}: redraw only what changed
  errors: new Map(), // message id → the last failed action's error
  violations: [],
  names: "", // signature of the names messages were drawn with
  stick: true, // the message list is scrolled to the bottom
};

// el builds an element: attrs set attributes (null/false skip one), strings
// among children become text nodes.
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.flat().filter((c) => c != null && c !== false));
  return node;
}

// ---- Talking to the server ----

async function getJSON(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${(await r.text()).trim()}`);
  return r.json();
}

// post answers {ok} or {error} whatever happens, so that callers only have
// to show the error: a failed action must never go unexplained.
async function post(url, body) {
  try {
    const r = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await r.text();
    let data = null;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: the text itself is the error
    }
    if (!r.ok) return { error: data?.error || text.trim() || `HTTP ${r.status}` };
    return data || { ok: true };
  } catch (e) {
    return { error: `kilab try is not answering (${e.message})` };
  }
}

// guard runs a background refresh and reports its failure in the banner.
function guard(promise) {
  return promise.catch((e) => setConn(`error: ${e.message}`));
}

function setConn(text) {
  $("conn").textContent = text;
}

// ---- The world: names, channels, locales ----

const memberOf = (id) => state.world?.members.find((m) => m.id === id);
const channelOf = (id) => state.world?.channels.find((c) => c.id === id);
const botName = () => state.world?.bot.name || "Kilab";

function userName(user) {
  if (!user) return "someone";
  if (user.id === state.world?.bot.id) return botName();
  return memberOf(user.id)?.name || user.global_name || user.username || "someone";
}

// locale is the member's: their Discord client would show times and command
// names in it. A tag Intl rejects falls back to English.
function locale() {
  const tag = memberOf(state.member)?.locale || "en-US";
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return "en-US";
  }
}

// localized picks obj.name_localizations[locale], as the member's client
// would.
function localized(obj, field) {
  const map = obj[`${field}_localizations`];
  // Discord's client takes the member's exact locale, else the default.
  if (map && map[locale()]) return map[locale()];
  return obj[field];
}

const TIME_STYLES = {
  t: { timeStyle: "short" },
  T: { timeStyle: "medium" },
  d: { dateStyle: "short" },
  D: { dateStyle: "long" },
  f: { dateStyle: "long", timeStyle: "short" },
  F: { dateStyle: "full", timeStyle: "short" },
};

// relative says "in 3 days" or "2 hours ago", rounding to the largest unit.
function relative(date) {
  const secs = (date - Date.now()) / 1000;
  const units = [["year", 31536000], ["month", 2592000], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
  const [unit, size] = units.find(([, s]) => Math.abs(secs) >= s) || units.at(-1);
  return new Intl.RelativeTimeFormat(locale(), { numeric: "always" }).format(Math.round(secs / size), unit);
}

// timeNode renders Discord's <t:UNIX:STYLE>; relative ones are kept fresh by
// the ticker in start().
function timeNode(unix, style) {
  const date = new Date(unix * 1000);
  const full = date.toLocaleString(locale(), TIME_STYLES.F);
  if (style === "R") return el("time", { class: "ts", datetime: date.toISOString(), title: full, "data-rel": unix }, relative(date));
  return el("time", { class: "ts", datetime: date.toISOString(), title: full }, date.toLocaleString(locale(), TIME_STYLES[style] || TIME_STYLES.f));
}

// stamp is a message's time as Discord shows it beside the author.
function stamp(iso) {
  const d = new Date(iso);
  const time = d.toLocaleTimeString(locale(), { timeStyle: "short" });
  if (d.toDateString() === new Date().toDateString()) return `Today at ${time}`;
  return `${d.toLocaleDateString(locale(), { dateStyle: "short" })} ${time}`;
}

// ---- Discord markdown ----

// One regular expression finds the next inline token; alternatives earlier
// in the list win at the same position (** before *, __ before _).
const INLINE = new RegExp([
  /\\(?<esc>[^\w\s])/,
  /(?<tick>`+)(?<code>[\s\S]*?[^`])\k<tick>(?!`)/,
  /\[(?<ltext>[^[\]]+)\]\(<?(?<lurl>https?:\/\/[^\s)>]+)>?\)/,
  /<(?<aurl>https?:\/\/[^\s>]+)>/,
  /(?<url>https?:\/\/[^\s<]+[^\s<.,:;"')\]!?])/,
  /<@!?(?<user>\d+)>/,
  /<@&(?<role>\d+)>/,
  /<#(?<chan>\d+)>/,
  /<t:(?<unix>-?\d+)(?::(?<style>[tTdDfFR]))?>/,
  /<a?:(?<emoji>\w+):\d+>/,
  /\*\*(?<bold>[\s\S]+?)\*\*(?!\*)/,
  /__(?<under>[\s\S]+?)__(?!_)/,
  /\*(?<em>[^*\s][\s\S]*?)\*(?!\*)/,
  /\b_(?<em2>[\s\S]+?)_\b/,
  /~~(?<strike>[\s\S]+?)~~/,
].map((r) => r.source).join("|"), "g");

function inline(text) {
  const out = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    out.push(text.slice(last, m.index), inlineNode(m.groups));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out.filter((n) => n !== "");
}

function inlineNode(g) {
  if (g.esc) return g.esc;
  if (g.code) return el("code", { class: "md-code" }, g.code);
  if (g.ltext) return extLink(g.lurl, inline(g.ltext));
  if (g.aurl || g.url) return extLink(g.aurl || g.url, g.aurl || g.url);
  if (g.user) return userMention(g.user);
  if (g.role) return el("span", { class: "mention" }, "@role");
  if (g.chan) return channelLink(g.chan, "mention");
  if (g.unix) return timeNode(Number(g.unix), g.style);
  if (g.emoji) return `:${g.emoji}:`;
  if (g.bold) return el("strong", {}, inline(g.bold));
  if (g.under) return el("u", {}, inline(g.under));
  if (g.em || g.em2) return el("em", {}, inline(g.em || g.em2));
  return el("s", {}, inline(g.strike));
}

// safeURL lets only web addresses become links: a message is the bot's
// text, and a javascript: link in it must not run as this page.
function safeURL(u) {
  try {
    const url = new URL(u, location.href);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

// extLink is a link out, or the text alone where the address is not a web one.
function extLink(href, children) {
  const safe = safeURL(href);
  return safe ? el("a", { href: safe, target: "_blank", rel: "noopener noreferrer" }, children) : el("span", {}, children);
}

function userMention(id) {
  const name = id === state.world?.bot.id ? botName() : memberOf(id)?.name || "unknown-user";
  return el("span", { class: id === state.member ? "mention me" : "mention" }, `@${name}`);
}

// channelLink is a "#name" that selects the channel (see the click handler
// in bindUI); its href lets it open in a new tab too.
function channelLink(id, cls, children) {
  const name = id === state.dm ? `@${botName()}` : `#${channelOf(id)?.name || "unknown"}`;
  return el("a", { class: cls, href: hashFor(state.member, id), "data-go": id }, children || name);
}

// markdown renders a text block: code blocks, then one div per line with
// Discord's line forms (# headers, -# subtext, > quotes, - lists).
function markdown(text) {
  const frag = document.createDocumentFragment();
  const parts = text.split(/```(?:[\w+-]*\n)?([\s\S]*?)```/);
  parts.forEach((part, i) => {
    if (i % 2) {
      frag.append(el("pre", { class: "md-pre" }, el("code", {}, part)));
      return;
    }
    if (i > 0) part = part.replace(/^\n/, "");
    if (i < parts.length - 1) part = part.replace(/\n$/, "");
    if (part === "" && parts.length > 1) return;
    for (const line of part.split("\n")) frag.append(lineNode(line));
  });
  return frag;
}

function lineNode(line) {
  let m;
  if ((m = /^(#{1,3}) (.*)/.exec(line))) return el("div", { class: `md-h${m[1].length}` }, inline(m[2]));
  if ((m = /^-# (.*)/.exec(line))) return el("div", { class: "md-sub" }, inline(m[1]));
  if ((m = /^> ?(.*)/.exec(line))) return el("div", { class: "md-quote" }, inline(m[1]));
  if ((m = /^\s*[-*] (.*)/.exec(line))) return el("div", { class: "md-li" }, inline(m[1]));
  return el("div", { class: "md-line" }, inline(line));
}

// ---- Messages ----

function mentionsMe(m) {
  return (m.mentions || []).some((u) => u.id === state.member) ||
    new RegExp(`<@!?${state.member}>`).test(m.content || "");
}

function messageNode(m) {
  const classes = ["msg"];
  if (m.flags & EPHEMERAL) classes.push("ephemeral");
  if (mentionsMe(m)) classes.push("mentioned");
  const li = el("li", { class: classes.join(" "), "data-message-id": m.id });
  if (m.type === THREAD_CREATED) return threadCreatedNode(li, m);
  if (m.interaction?.type === 2) {
    li.append(el("div", { class: "used" }, `${userName(m.interaction.user)} used `,
      el("span", { class: "cmd" }, `/${m.interaction.name}`)));
  }
  li.append(headNode(m));
  if (m.flags & LOADING) {
    li.append(el("div", { class: "thinking" }, `${botName()} is thinking`,
      el("span", { class: "dots", "aria-hidden": "true" }, el("span", {}, "."), el("span", {}, "."), el("span", {}, "."))));
  } else if (m.content) {
    li.append(el("div", { class: "content" }, markdown(m.content)));
  }
  for (const e of m.embeds || []) li.append(embedNode(e, m));
  li.append(...[attachmentsNode(m), componentsNode(m)].filter(Boolean));
  if (m.thread) li.append(channelLink(m.thread.id, "thread-link", ["Thread: ", channelOf(m.thread.id)?.name || m.thread.name, " →"]));
  if (m.flags & EPHEMERAL) {
    li.append(el("div", { class: "eph-note" }, el("span", { "aria-hidden": "true" }, "👁 "), "Only you can see this message"));
  }
  if (state.errors.has(m.id)) li.append(errorNode(state.errors.get(m.id)));
  return li;
}

function headNode(m) {
  const isBot = m.author?.bot || m.author?.id === state.world?.bot.id;
  return el("h3", { class: "msg-head" },
    el("span", { class: isBot ? "author bot" : "author" }, userName(m.author)),
    isBot && el("span", { class: "app-tag" }, "APP"),
    el("time", { class: "stamp", datetime: m.timestamp, title: new Date(m.timestamp).toLocaleString(locale(), TIME_STYLES.F) }, stamp(m.timestamp)),
    m.edited_timestamp && el("span", { class: "edited", title: stamp(m.edited_timestamp) }, "(edited)"));
}

function threadCreatedNode(li, m) {
  li.classList.add("system");
  li.append(el("p", {}, el("span", { "aria-hidden": "true" }, "🧵 "), `${userName(m.author)} started a thread: `,
    m.thread ? channelLink(m.thread.id, "thread-name", m.content) : el("strong", {}, m.content),
    " ", el("time", { class: "stamp", datetime: m.timestamp }, stamp(m.timestamp))));
  return li;
}

// ---- Embeds and attachments ----

// resolveURL maps attachment://NAME to the attachment's served path; the
// server normally rewrites those already.
function resolveURL(url, m) {
  if (!url?.startsWith("attachment://")) return url;
  return (m.attachments || []).find((a) => a.filename === url.slice(13))?.url;
}

function altFor(url, m, fallback) {
  const a = (m.attachments || []).find((x) => x.url === url);
  return a?.description || fallback || a?.filename || "Image";
}

// imageNode shows same-origin images only: the page makes no requests
// outside this machine, so anything else stays a link.
function imageNode(url, alt, cls) {
  let local = false;
  try {
    local = new URL(url, location.href).origin === location.origin;
  } catch {
    // an unparsable url is not local
  }
  if (!local) return extLink(url, `[image: ${url}]`);
  const img = el("img", { class: cls, src: url, alt });
  img.addEventListener("load", keepBottom);
  return img;
}

function embedNode(e, m) {
  const body = el("div", { class: "embed-body" });
  if (e.author?.name) body.append(el("div", { class: "embed-author" }, e.author.url ? extLink(e.author.url, e.author.name) : e.author.name));
  if (e.title) body.append(el("div", { class: "embed-title" }, e.url ? extLink(e.url, inline(e.title)) : inline(e.title)));
  if (e.description) body.append(el("div", { class: "embed-desc" }, markdown(e.description)));
  if (e.fields?.length) body.append(fieldsNode(e.fields));
  const image = resolveURL(e.image?.url, m);
  if (image) body.append(imageNode(image, altFor(image, m, e.title), "embed-image"));
  const footer = [e.footer?.text, e.timestamp && new Date(e.timestamp).toLocaleString(locale(), TIME_STYLES.f)].filter(Boolean);
  if (footer.length) body.append(el("div", { class: "embed-footer" }, footer.join(" • ")));
  const box = el("div", { class: "embed" }, body);
  const thumb = resolveURL(e.thumbnail?.url, m);
  if (thumb) box.append(imageNode(thumb, altFor(thumb, m), "embed-thumb"));
  if (e.color != null) box.style.borderLeftColor = `#${e.color.toString(16).padStart(6, "0")}`;
  return box;
}

// fieldsNode lays fields on a 12-column grid: runs of inline fields share a
// row three at most, as Discord does; other fields take a row each.
function fieldsNode(fields) {
  const rows = [];
  for (const f of fields) {
    const row = rows.at(-1);
    if (f.inline && row?.inline && row.fields.length < 3) row.fields.push(f);
    else rows.push({ inline: !!f.inline, fields: [f] });
  }
  const grid = el("div", { class: "embed-fields" });
  for (const row of rows) {
    for (const f of row.fields) {
      const node = el("div", { class: "embed-field" },
        el("div", { class: "field-name" }, inline(f.name || "")), el("div", { class: "field-value" }, markdown(f.value || "")));
      node.style.gridColumn = `span ${12 / row.fields.length}`;
      grid.append(node);
    }
  }
  return grid;
}

// attachmentsNode shows the attachments no embed already shows: images
// inline, other files as links.
function attachmentsNode(m) {
  const shown = new Set((m.embeds || []).flatMap((e) => [resolveURL(e.image?.url, m), resolveURL(e.thumbnail?.url, m)]));
  const box = el("div", { class: "attachments" });
  for (const a of m.attachments || []) {
    if (shown.has(a.url)) continue;
    const image = a.content_type?.startsWith("image/") || /\.(png|jpe?g|gif|webp)$/i.test(a.filename);
    box.append(image ? imageNode(a.url, a.description || a.filename, "attachment-image")
      : el("a", { class: "file", href: a.url, download: a.filename }, `📄 ${a.filename} (${Math.ceil(a.size / 1024)} KB)`));
  }
  return box.childElementCount ? box : null;
}

// ---- Components ----

const BUTTON_STYLES = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link" };

function emojiText(emoji) {
  if (!emoji) return null;
  return emoji.id ? `:${emoji.name}:` : emoji.name;
}

function componentsNode(m) {
  const rows = (m.components || []).filter((r) => r.type === 1);
  if (!rows.length) return null;
  return el("div", { class: "components" }, rows.map((row) => el("div", { class: "row" },
    (row.components || []).map((c) => (c.type === 2 ? buttonNode(c, m) : c.type === 3 ? selectNode(c, m) : null)))));
}

function buttonNode(c, m) {
  const label = [emojiText(c.emoji), c.label].filter(Boolean).join(" ");
  const style = BUTTON_STYLES[c.style] || "secondary";
  const glyph = c.style === 5 && el("span", { "aria-hidden": "true" }, " ↗");
  if (c.style === 5 && !c.disabled && safeURL(c.url)) {
    return el("a", { class: "btn link", href: safeURL(c.url), target: "_blank", rel: "noopener" }, label, glyph);
  }
  const b = el("button", { type: "button", class: `btn ${style}`, disabled: !!c.disabled,
    "data-custom-id": c.style === 5 ? null : c.custom_id }, label, glyph);
  b.addEventListener("click", () => act(b, m, "/api/click", { custom_id: c.custom_id }));
  return b;
}

// selectNode is a native <select>: one choice sends at once; several need
// a Confirm within min_values..max_values, as Discord's menu closes on them.
function selectNode(c, m) {
  const max = c.max_values ?? 1;
  const min = c.min_values ?? 1;
  const placeholder = c.placeholder || c.options.find((o) => o.default)?.label || "Make a selection";
  const sel = el("select", { class: "select", "data-custom-id": c.custom_id, "aria-label": placeholder,
    disabled: !!c.disabled, multiple: max > 1 });
  if (max === 1) sel.append(el("option", { value: "", disabled: true, selected: !c.options.some((o) => o.default) }, placeholder));
  for (const o of c.options) {
    const text = [emojiText(o.emoji), o.label, o.description && `— ${o.description}`].filter(Boolean).join(" ");
    sel.append(el("option", { value: o.value, selected: !!o.default }, text));
  }
  if (max === 1) {
    sel.addEventListener("change", () => act(sel, m, "/api/select", { custom_id: c.custom_id, values: [sel.value] }));
    return sel;
  }
  sel.size = Math.min(c.options.length, 6);
  const confirm = el("button", { type: "button", class: "btn primary" }, "Confirm");
  const check = () => {
    const n = sel.selectedOptions.length;
    confirm.disabled = c.disabled || n < min || n > max;
  };
  sel.addEventListener("change", check);
  check();
  confirm.addEventListener("click", () => act(confirm, m, "/api/select",
    { custom_id: c.custom_id, values: [...sel.selectedOptions].map((o) => o.value) }).then(check));
  const range = min === max ? `${min}` : `${min} to ${max}`;
  return el("div", { class: "multi" }, sel, el("span", { class: "hint" }, `Choose ${range}`), confirm);
}

// act sends a click or a selection and shows the control busy until the
// server answers; a failure stays under the message as Discord's "This
// interaction failed" does. Busy is aria-disabled, not disabled: the
// disabled property stays what the bot said, so a control that really goes
// away (the bot's answer removed or disabled it) can be told from one in
// flight.
async function act(control, m, url, body) {
  if (control.getAttribute("aria-busy") === "true") return; // one at a time, as Discord's spinner allows
  setMessageError(m.id, null);
  control.classList.add("busy");
  control.setAttribute("aria-busy", "true");
  control.setAttribute("aria-disabled", "true");
  const res = await post(url, { user: state.member, message: m.id, ...body });
  control.classList.remove("busy");
  control.removeAttribute("aria-busy");
  control.removeAttribute("aria-disabled");
  if (res.error) {
    // A failed choice goes back to what the menu showed before it.
    if (control.tagName === "SELECT" && !control.multiple) {
      const def = [...control.options].findIndex((o) => o.defaultSelected);
      control.selectedIndex = Math.max(def, 0);
    }
    setMessageError(m.id, res.error);
  }
}

const errorNode = (text) => el("p", { class: "action-error", role: "alert" }, text);

function setMessageError(id, text) {
  if (text) state.errors.set(id, text);
  else state.errors.delete(id);
  const node = state.rendered.get(id)?.node;
  node?.querySelector(":scope > .action-error")?.remove();
  if (node && text) {
    node.append(errorNode(text));
    keepBottom();
  }
}

// ---- The message list ----

// byID orders snowflakes (decimal strings too long for a Number).
const byID = (a, b) => a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

let loadSeq = 0;

async function loadMessages() {
  const seq = ++loadSeq;
  const data = await getJSON(`/api/messages?channel=${enc(state.channel)}&user=${enc(state.member)}`);
  if (seq !== loadSeq) return; // a later load (maybe another channel) wins
  renderMessages([...(data.messages || [])].sort(byID));
  state.unread.delete(state.channel);
  renderSidebar();
}

// renderMessages updates the list in place: a node is rebuilt only when its
// message's JSON (or the names it shows) changed, so nothing flickers and
// the scroll position holds.
function renderMessages(list) {
  const ol = $("messages");
  const seen = new Set();
  let prev = null;
  for (const m of list) {
    const key = state.names + JSON.stringify(m);
    let entry = state.rendered.get(m.id);
    if (!entry || entry.key !== key) {
      const node = messageNode(m);
      entry?.node.replaceWith(node);
      entry = { key, node };
      state.rendered.set(m.id, entry);
    }
    const want = prev ? prev.nextSibling : ol.firstChild;
    if (entry.node !== want) ol.insertBefore(entry.node, want);
    prev = entry.node;
    seen.add(m.id);
  }
  for (const [id, entry] of state.rendered) {
    if (!seen.has(id)) {
      entry.node.remove();
      state.rendered.delete(id);
    }
  }
  keepBottom();
}

function clearMessages() {
  state.rendered.clear();
  state.errors.clear();
  $("messages").replaceChildren();
  state.stick = true;
}

// keepBottom follows new messages (and late-loading images) while the
// reader is at the bottom, and leaves them alone when they scrolled up.
function keepBottom() {
  const s = $("scroller");
  if (state.stick) s.scrollTop = s.scrollHeight;
}

// ---- Sidebar, header, members ----

function hashFor(member, channel) {
  return `#member=${enc(member)}&channel=${enc(channel)}`;
}

function saveState() {
  history.replaceState(null, "", hashFor(state.member, state.channel));
  document.body.dataset.member = state.member;
  document.body.dataset.channel = state.channel;
}

function renderSidebar() {
  const focused = document.activeElement?.dataset?.channelId;
  $("guild-name").textContent = state.world.guild.name;
  const channels = state.world.channels;
  const texts = channels.filter((c) => c.kind === "text");
  const orphans = channels.filter((c) => c.kind === "thread" && !texts.some((t) => t.id === c.parent));
  $("channels").replaceChildren(...[...texts, ...orphans].map((c) => {
    const threads = channels.filter((t) => t.kind === "thread" && t.parent === c.id);
    return el("li", {}, channelEntry(c),
      threads.length > 0 && el("ul", { class: "threads" }, threads.map((t) => el("li", {}, channelEntry(t)))));
  }));
  const dm = state.dm && el("li", {}, el("a", {
    class: "channel", href: hashFor(state.member, state.dm), "data-go": state.dm, "data-channel-id": state.dm,
    "data-dm": "1", "aria-current": state.dm === state.channel ? "page" : null,
  }, el("span", { class: "glyph", "aria-hidden": "true" }, "@"), el("span", { class: "name" }, botName()),
  state.unread.has(state.dm) && el("span", { class: "dot" }, el("span", { class: "sr" }, "new messages"))));
  $("dms").replaceChildren(dm || "");
  if (focused) document.querySelector(`[data-channel-id="${CSS.escape(focused)}"]`)?.focus();
}

function channelEntry(c) {
  const thread = c.kind === "thread";
  return el("a", {
    class: `channel${thread ? " thread" : ""}${c.archived ? " archived" : ""}`, href: hashFor(state.member, c.id),
    "data-go": c.id, "data-channel-id": c.id, "aria-current": c.id === state.channel ? "page" : null,
  }, el("span", { class: "glyph", "aria-hidden": "true" }, thread ? "↳" : "#"), el("span", { class: "name" }, c.name),
  c.archived && el("span", { class: "tag" }, "archived"));
}

function renderHeader() {
  const c = channelOf(state.channel);
  const parent = c?.kind === "thread" ? channelOf(c.parent) : null;
  let title = `# ${c?.name || "unknown"}`;
  if (state.channel === state.dm) title = `@${botName()}`;
  else if (c?.kind === "thread") title = `↳ ${c.name}${c.archived ? " (archived)" : ""}`;
  $("channel-title").textContent = title;
  $("channel-parent").replaceChildren(parent ? channelLink(parent.id, "parent-link", `# ${parent.name}`) : "");
  $("messages").setAttribute("aria-label", `Messages in ${title}`);
  $("composer").previousElementSibling.textContent = `Command for ${title}`;
  document.title = `${title} · kilab try`;
}

function renderMembers() {
  const me = memberOf(state.member);
  $("me").replaceChildren(...(me ? [el("span", { class: "me-name" }, me.name), " ", el("span", { class: "locale" }, me.locale),
    me.moderator ? el("span", { class: "tag" }, "moderator") : ""] : ["nobody"]));
  $("members").replaceChildren(...state.world.members.map((m) => el("button", {
    type: "button", class: "member", "data-member-id": m.id, "aria-pressed": String(m.id === state.member),
  }, el("span", { class: "me-name" }, m.name), el("span", { class: "locale" }, m.locale),
  m.moderator && el("span", { class: "tag" }, "moderator"))));
}

function renderAll() {
  renderSidebar();
  renderHeader();
  renderMembers();
  saveState();
}

async function loadWorld() {
  state.world = await getJSON("/api/world");
  // Messages show member and channel names: when those change, redraw them.
  state.names = JSON.stringify([state.world.members, state.world.channels, state.world.bot]);
}

async function dmOf(member) {
  return member ? (await getJSON(`/api/dm?user=${enc(member)}`)).channel : "";
}

// ---- Choosing channel and member ----

async function select(id) {
  if (id !== state.channel) {
    state.channel = id;
    clearMessages();
    composerError(null);
  }
  state.unread.delete(id);
  renderAll();
  await Promise.all([loadMessages(), loadCommands()]);
}

// become acts as another member: their DMs, locale and ephemerals. A DM
// being read follows to the new member's own DM.
async function become(id) {
  if (!memberOf(id)) return;
  const wasDM = state.channel === state.dm;
  state.member = id; // at once: an action sent meanwhile is this member's
  const dm = await dmOf(id);
  if (state.member !== id) return; // a later switch won
  state.dm = dm;
  if (wasDM) state.channel = dm;
  clearMessages();
  composerError(null);
  hidePopup();
  renderAll();
  await Promise.all([loadMessages(), loadCommands()]);
}

// fromHash reads #member=…&channel=…; an unknown or foreign channel falls
// back to the first text channel (games).
function fromHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  const member = memberOf(p.get("member")) ? p.get("member") : state.world.members[0]?.id || "";
  const channel = p.get("channel");
  return { member, channel };
}

function defaultChannel() {
  const texts = state.world.channels.filter((c) => c.kind === "text");
  return (texts.find((c) => c.name === "games") || texts[0])?.id || "";
}

const validChannel = (id) => !!id && (id === state.dm || !!channelOf(id));

// ---- Live updates ----

const pending = new Set();
let refreshTimer = 0;

// onChange refetches the channel being read at once, so that a board's
// answer shows without delay, and batches the rest for 100 ms: the world,
// and unread marks for the other channels that changed.
function onChange(channels) {
  if (channels.includes(state.channel)) guard(loadMessages());
  if (!channels.length) pending.add("*");
  for (const id of channels) pending.add(id);
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => guard(refresh()), 100);
}

async function refresh() {
  const changed = new Set(pending);
  pending.clear();
  const names = state.names;
  await loadWorld();
  for (const id of changed) if (id !== state.channel && id !== "*") state.unread.add(id);
  renderAll();
  // New names (a thread's) show in messages already drawn: draw them again.
  if (changed.has("*") || state.names !== names) await loadMessages();
}

// refetchAll runs after the event stream comes back: anything may have
// happened meanwhile.
async function refetchAll() {
  await loadWorld();
  state.dm = await dmOf(state.member);
  if (!validChannel(state.channel)) state.channel = defaultChannel();
  renderAll();
  await Promise.all([loadMessages(), loadCommands(), loadViolations()]);
}

function connectEvents(started, dropped = false) {
  const es = new EventSource("/api/events");
  es.addEventListener("open", () => {
    setConn("");
    if (dropped) started.then(() => guard(refetchAll()));
    dropped = false;
  });
  es.addEventListener("error", () => {
    dropped = true;
    setConn("reconnecting…");
    // EventSource retries by itself unless the server refused the stream.
    if (es.readyState === EventSource.CLOSED) setTimeout(() => connectEvents(started, true), 3000);
  });
  es.addEventListener("change", (e) => started.then(() => onChange(JSON.parse(e.data).channels || [])));
  es.addEventListener("violation", (e) => started.then(() => onViolation(JSON.parse(e.data))));
}

// ---- Violations ----

async function loadViolations() {
  state.violations = (await getJSON("/api/violations")).violations || [];
  renderViolations();
}

function onViolation(v) {
  state.violations.push(v);
  renderViolations();
  const toast = el("div", { class: "toast" }, `Discord would refuse ${[v.method, v.path].filter(Boolean).join(" ") || "this"}: ${(v.rules || []).join("; ")}`);
  $("toasts").append(toast);
  setTimeout(() => toast.remove(), 6000);
}

function renderViolations() {
  const n = state.violations.length;
  $("violations").textContent = `Violations (${n})`;
  $("violations").classList.toggle("has", n > 0);
  $("violations-empty").hidden = n > 0;
  $("violations-list").replaceChildren(...state.violations.map((v) => el("li", {},
    el("div", { class: "v-head" }, el("time", { datetime: v.at }, new Date(v.at).toLocaleTimeString()), " ",
      el("code", {}, [v.method, v.path].filter(Boolean).join(" ") || "(the stand-in)")),
    el("ul", {}, (v.rules || []).map((r) => el("li", {}, r))))));
}

// ---- The composer: slash commands ----

const composer = {
  owner: null, // the input the popup belongs to (the composer or an option)
  items: [], // the popup's entries: {attrs, label, desc, pick}
  active: -1,
  key: "", // the command path whose option fields are shown
  chosen: new WeakMap(), // option input → the autocomplete choice picked
  seq: 0, // autocomplete answers older than the last request are dropped
  timer: 0,
};

let commandsSeq = 0;

async function loadCommands() {
  const seq = ++commandsSeq;
  const data = await getJSON(`/api/commands?channel=${enc(state.channel)}&user=${enc(state.member)}`);
  if (seq !== commandsSeq) return;
  const commands = (data.commands || []).filter((c) => !c.type || c.type === 1);
  if (JSON.stringify(commands) === JSON.stringify(state.commands)) return;
  state.commands = commands;
  composer.key = "";
  updateComposer();
}

const isSub = (o) => o.type === 1 || o.type === 2;
const leafOptions = (path) => (path.at(-1).options || []).filter((o) => !isSub(o));
const fieldOf = (o) => document.querySelector(`#options [data-option="${CSS.escape(o.name)}"]`);
const nameMatches = (c, token) => [c.name, localized(c, "name")].some((n) => n.toLowerCase() === token.toLowerCase());

// resolve reads "/cmd sub rest" against the commands: path is what is
// settled (each name followed by a space); leaf is set once a command or
// subcommand with no further subcommands is reached; otherwise partial is
// the name being typed among level.
function resolve(text) {
  if (!text.startsWith("/")) return null;
  let level = state.commands;
  let rest = text.slice(1);
  const path = [];
  for (;;) {
    const [whole, token, space] = /^(\S*)(\s+)?/.exec(rest);
    if (!space) return { path, level, partial: token };
    const found = level.find((c) => nameMatches(c, token));
    if (!found) return { path, level: [], partial: token, unknown: token };
    path.push(found);
    rest = rest.slice(whole.length);
    const subs = (found.options || []).filter(isSub);
    if (!subs.length) return { path, leaf: found, rest };
    level = subs;
  }
}

// updateComposer follows what is typed: the popup of names while a command
// is being named, the option fields once it is.
function updateComposer() {
  const input = $("composer");
  const r = resolve(input.value);
  setFields(r?.leaf ? r.path : null);
  if (!r || r.leaf || document.activeElement !== input) {
    if (composer.owner === input) hidePopup();
    return;
  }
  const typed = r.partial.toLowerCase();
  const names = (c) => [c.name, localized(c, "name")].map((n) => n.toLowerCase());
  const matches = r.level.filter((c) => names(c).some((n) => n.includes(typed)))
    .sort((a, b) => names(b).some((n) => n.startsWith(typed)) - names(a).some((n) => n.startsWith(typed)));
  const prefix = r.path.map((c) => localized(c, "name"));
  showPopup(input, "Commands", matches.map((c) => ({
    attrs: { "data-command": c.name },
    label: `/${[...prefix, localized(c, "name")].join(" ")}`,
    desc: localized(c, "description"),
    pick: () => {
      input.value = `/${[...prefix, localized(c, "name")].join(" ")} `;
      updateComposer();
    },
  })));
}

// setFields shows the leaf's options as fields, required ones first; the
// same command keeps its fields (and what was entered in them).
function setFields(path) {
  const key = path ? path.map((c) => c.name).join(" ") : "";
  if (key === composer.key) return;
  composer.key = key;
  const box = $("options");
  box.replaceChildren();
  const options = path ? leafOptions(path) : [];
  const required = options.filter((o) => o.required);
  const optional = options.filter((o) => !o.required);
  if (required.length) box.append(el("div", { class: "opt-group", role: "group", "aria-label": "Required options" }, required.map(fieldNode)));
  if (optional.length) {
    box.append(el("div", { class: "opt-group", role: "group", "aria-label": "Optional options" },
      el("span", { class: "opt-label", "aria-hidden": "true" }, "+ optional"), optional.map(fieldNode)));
  }
  if (composer.owner && !composer.owner.isConnected) hidePopup(); // its field is gone
}

function fieldNode(o) {
  const control = controlFor(o);
  control.dataset.option = o.name;
  return el("label", { class: o.required ? "chip required" : "chip", title: localized(o, "description") || null },
    el("span", { class: "chip-name" }, `${localized(o, "name")}:`), control);
}

// controlFor picks the input Discord's option type calls for.
function controlFor(o) {
  if (o.autocomplete) return autocompleteInput(o);
  if (o.choices?.length) return selectOf(o, o.choices.map((c) => [String(c.value), localized(c, "name")]));
  switch (o.type) {
    case 5:
      return selectOf(o, [["true", "True"], ["false", "False"]]);
    case 6:
    case 9:
      return selectOf(o, [...state.world.members.map((m) => [m.id, `@${m.name}`]), [state.world.bot.id, `${botName()} (the computer)`]]);
    case 7:
      return selectOf(o, state.world.channels.filter((c) => c.kind === "text").map((c) => [c.id, `#${c.name}`]));
    case 4:
    case 10:
      return el("input", { type: "number", min: o.min_value, max: o.max_value, step: o.type === 4 ? "1" : "any" });
    default:
      return el("input", { type: "text", minlength: o.min_length, maxlength: o.max_length });
  }
}

function selectOf(o, pairs) {
  return el("select", {}, el("option", { value: "" }, o.required ? "choose…" : "—"),
    pairs.map(([value, text]) => el("option", { value }, text)));
}

// autocompleteInput asks the bot for suggestions as Discord does: on focus
// and, debounced, as the member types.
function autocompleteInput(o) {
  const input = el("input", { type: "text", role: "combobox", "aria-autocomplete": "list", "aria-expanded": "false",
    "aria-controls": "popup", inputmode: o.type === 4 || o.type === 10 ? "decimal" : null });
  input.addEventListener("focus", () => suggest(input));
  input.addEventListener("input", () => {
    composer.chosen.delete(input);
    clearTimeout(composer.timer);
    composer.timer = setTimeout(() => suggest(input), 200);
  });
  input.addEventListener("keydown", popupKeys);
  input.addEventListener("blur", () => composer.owner === input && hidePopup());
  return input;
}

async function suggest(input) {
  const r = resolve($("composer").value);
  if (!r?.leaf) return;
  const seq = ++composer.seq;
  const res = await post("/api/autocomplete", {
    user: state.member, channel: state.channel, name: r.path[0].name, options: collect(r.path, input).options,
  });
  if (seq !== composer.seq || !input.isConnected) return;
  if (res.error) {
    composerError(res.error);
    return;
  }
  showPopup(input, "Suggestions", (res.choices || []).map((c) => ({
    attrs: { "data-choice": String(c.value) },
    label: localized(c, "name"),
    pick: () => {
      clearTimeout(composer.timer); // no late suggestions for what was just picked
      composer.seq++;
      input.value = localized(c, "name");
      composer.chosen.set(input, c);
      hidePopup();
    },
  })));
}

// asType gives a value the JSON type its option's type calls for: numbers
// for integer and number, true/false for boolean, strings for the rest.
function asType(type, v) {
  if (type === 4 || type === 10) return Number(v);
  if (type === 5) return v === true || v === "true";
  return String(v);
}

// fieldValue is what a field holds, as its option's type.
function fieldValue(control, o) {
  const chosen = composer.chosen.get(control);
  if (chosen && control.value === localized(chosen, "name")) return chosen.value;
  const v = control.value.trim();
  if (v === "") return undefined;
  const value = asType(o.type, v);
  if (Number.isNaN(value)) throw new Error(`${localized(o, "name")} must be a number`);
  return value;
}

// collect builds the options of /api/command (and /api/autocomplete, where
// focused carries its partial text), nesting them under the subcommands.
// missing names the first required option left empty.
function collect(path, focused) {
  let options = [];
  let missing = null;
  for (const o of leafOptions(path)) {
    const control = fieldOf(o);
    if (control && control === focused) {
      options.push({ name: o.name, value: control.value, focused: true });
      continue;
    }
    let value;
    try {
      value = control && fieldValue(control, o);
    } catch (e) {
      if (!focused) throw e;
      value = control.value.trim(); // the bot sees half-typed numbers as text
    }
    if (value !== undefined) options.push({ name: o.name, value });
    else if (o.required && !missing) missing = { option: o, control };
  }
  for (let i = path.length - 1; i > 0; i--) options = [{ name: path[i].name, options }];
  return { options, missing };
}

// applyTyped takes Discord's typed forms after the command: "name:value"
// pairs fill those options, and other text fills the first empty required
// one, so "/rules game:aseb" and "/rules aseb" both work.
function applyTyped(path, rest) {
  const options = leafOptions(path);
  const plain = rest.replace(/(?:^|\s)(\S+?):(.*?)(?=\s+\S+?:|\s*$)/g, (pair, name, value) => {
    const o = options.find((x) => nameMatches(x, name));
    if (!o) return pair;
    setField(fieldOf(o), value.trim());
    return " ";
  }).trim();
  const empty = options.find((o) => o.required && !fieldOf(o)?.value);
  if (plain && empty) setField(fieldOf(empty), plain);
}

// setField puts typed text in a field; in a list it matches a value or a
// label, with or without its @ or #.
function setField(control, text) {
  if (!control) return;
  if (control.tagName !== "SELECT") {
    control.value = text;
    return;
  }
  const t = text.toLowerCase().replace(/^[@#]/, "");
  const hit = [...control.options].find((o) => o.value.toLowerCase() === t || o.text.toLowerCase().replace(/^[@#]/, "") === t);
  if (hit) control.value = hit.value;
}

async function sendFromComposer() {
  const input = $("composer");
  // Sending settles the name being typed: "/help" sends as "/help " would.
  const r = resolve(`${input.value.trimEnd()} `);
  if (!r?.leaf) {
    if (!input.value.trim()) return;
    composerError(r ? `Unknown command: /${r.path.map((c) => c.name).concat(r.partial).join(" ")}`
      : "Only slash commands can be sent here: type / to see Kilab's commands.");
    return;
  }
  setFields(r.path);
  applyTyped(r.path, r.rest);
  let built;
  try {
    built = collect(r.path);
  } catch (e) {
    composerError(e.message);
    return;
  }
  if (built.missing) {
    composerError(`${localized(built.missing.option, "name")} is required.`);
    built.missing.control?.focus();
    return;
  }
  const res = await sendCommand(r.path[0].name, built.options);
  if (res.ok) {
    input.value = "";
    updateComposer();
  }
}

// coerce types given option values as the command defines them, so that
// kilabTry.send("history", [{name: "game", value: 1}]) sends "1" as the
// composer would for a string option.
function coerce(defs, given) {
  return (given || []).map((o) => {
    const def = (defs || []).find((d) => d.name === o.name);
    if (!def) return o;
    if (isSub(def)) return { ...o, options: coerce(def.options, o.options) };
    return { ...o, value: asType(def.type, o.value) };
  });
}

async function sendCommand(name, options) {
  composerError(null);
  const send = $("send");
  send.disabled = true;
  const res = await post("/api/command", { user: state.member, channel: state.channel, name, options: options || [] });
  send.disabled = false;
  if (res.error) composerError(res.error);
  return res;
}

// composerError shows (or with null removes) the error above the box; the
// element exists only while there is an error.
function composerError(text) {
  const form = $("composer-form");
  form.querySelector(":scope > .action-error")?.remove();
  if (text) form.insertBefore(errorNode(text), $("popup").nextSibling);
}

// ---- The popup (command names and autocomplete suggestions) ----

function showPopup(owner, label, items) {
  if (!items.length) {
    hidePopup();
    return;
  }
  if (composer.owner && composer.owner !== owner) composer.owner.setAttribute("aria-expanded", "false");
  composer.owner = owner;
  composer.items = items;
  const popup = $("popup");
  popup.setAttribute("aria-label", label);
  popup.replaceChildren(...items.map((item, i) => {
    const li = el("li", { id: `popup-${i}`, role: "option", "aria-selected": "false", ...item.attrs },
      el("span", { class: "item-label" }, item.label), item.desc && el("span", { class: "item-desc" }, item.desc));
    li.addEventListener("mousedown", (e) => e.preventDefault()); // keep focus in the input
    li.addEventListener("click", () => item.pick());
    return li;
  }));
  popup.hidden = false;
  owner.setAttribute("aria-expanded", "true");
  setActive(0);
}

function hidePopup() {
  const popup = $("popup");
  popup.hidden = true;
  popup.replaceChildren();
  composer.owner?.setAttribute("aria-expanded", "false");
  composer.owner?.removeAttribute("aria-activedescendant");
  composer.owner = null;
  composer.items = [];
  composer.active = -1;
}

function setActive(i) {
  const popup = $("popup");
  popup.querySelector('[aria-selected="true"]')?.setAttribute("aria-selected", "false");
  composer.active = i;
  const li = popup.children[i];
  li.setAttribute("aria-selected", "true");
  li.scrollIntoView({ block: "nearest" });
  composer.owner.setAttribute("aria-activedescendant", li.id);
}

// popupKeys: arrows move, Enter or Tab picks, Escape closes; other keys
// (and Enter with no popup, which sends) go on as usual.
function popupKeys(e) {
  if (composer.owner !== e.target || !composer.items.length) return;
  const n = composer.items.length;
  if (e.key === "ArrowDown" || e.key === "ArrowUp") setActive((composer.active + (e.key === "ArrowDown" ? 1 : n - 1)) % n);
  else if (e.key === "Enter" || e.key === "Tab") composer.items[composer.active].pick();
  else if (e.key === "Escape") hidePopup();
  else return;
  e.preventDefault();
}

// ---- Wiring ----

function bindUI() {
  const input = $("composer");
  input.addEventListener("input", updateComposer);
  input.addEventListener("focus", updateComposer);
  input.addEventListener("keydown", popupKeys);
  input.addEventListener("blur", () => composer.owner === input && hidePopup());
  $("composer-form").addEventListener("submit", (e) => {
    e.preventDefault();
    sendFromComposer();
  });
  // Channel links anywhere (sidebar, #mentions, thread links) select in place.
  document.addEventListener("click", (e) => {
    const link = e.target.closest("a[data-go]");
    if (!link || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    guard(select(link.dataset.go));
  });
  $("members").addEventListener("click", (e) => {
    const b = e.target.closest("[data-member-id]");
    if (b) guard(become(b.dataset.memberId));
  });
  $("scroller").addEventListener("scroll", () => {
    const s = $("scroller");
    state.stick = s.scrollHeight - s.scrollTop - s.clientHeight < 40;
  });
  $("violations").addEventListener("click", () => $("violations-panel").showModal());
  $("violations-close").addEventListener("click", () => $("violations-panel").close());
}

async function start() {
  await loadWorld();
  const { member, channel } = fromHash();
  state.member = member;
  state.dm = await dmOf(member);
  state.channel = validChannel(channel) ? channel : defaultChannel();
  renderAll();
  await Promise.all([loadMessages(), loadCommands(), loadViolations()]);
  document.body.dataset.ready = "1";
  // Relative times ("in 3 days") age as the page stays open.
  setInterval(() => {
    for (const t of document.querySelectorAll("time[data-rel]")) t.textContent = relative(new Date(t.dataset.rel * 1000));
  }, 30000);
}

window.kilabTry = {
  select: (channelId) => select(channelId),
  become: (memberId) => become(memberId),
  send: (name, options) => sendCommand(name, coerce(state.commands.find((c) => c.name === name)?.options, options)),
};

bindUI();
{
  const started = guard(start());
  connectEvents(started);
}
