/** `npm run docs`: rewrite every generated section of README.md and docs/ from the registries. */
import { SECTIONS, writeSections } from './sections.js';

const changed = writeSections();
console.log(
  changed.length ? `rewrote ${changed.join(', ')}` : `all ${SECTIONS.length} generated section(s) up to date`,
);
