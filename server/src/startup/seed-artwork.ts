import type { Category, DosageForm } from '@apotheca/contract';

// Demo product artwork is drawn here as SVG and rasterised at seed time: nothing is downloaded and
// no text is drawn, so it renders the same on a machine without fonts. The colours say the
// category, the drawing says the dosage form (a blister of tablets, capsules, a bottle, a pen…).

const PALETTES: Record<Category, [string, string, string]> = {
  'Fever Medicine': ['#fef3c7', '#f59e0b', '#b45309'],
  'Diabetes Medicine': ['#dbeafe', '#3b82f6', '#1d4ed8'],
  Antibiotic: ['#dcfce7', '#22c55e', '#15803d'],
  'Cholesterol Medicine': ['#fce7f3', '#ec4899', '#be185d'],
  'Blood Pressure Medicine': ['#fee2e2', '#ef4444', '#b91c1c'],
  'Heart Medicine': ['#ffe4e6', '#f43f5e', '#9f1239'],
  'Mental Health Medicine': ['#ede9fe', '#8b5cf6', '#6d28d9'],
  'Pain Relief': ['#ccfbf1', '#14b8a6', '#0f766e'],
  'Thyroid Medicine': ['#e0f2fe', '#0ea5e9', '#0369a1'],
};

const bottle = (main: string, dark: string) => `
  <rect x="370" y="170" width="220" height="70" rx="14" fill="${dark}"/>
  <rect x="330" y="230" width="300" height="360" rx="48" fill="#ffffff" stroke="${dark}" stroke-width="10"/>
  <rect x="360" y="330" width="240" height="150" rx="18" fill="${main}"/>
  <rect x="455" y="360" width="50" height="90" rx="8" fill="#ffffff"/>
  <rect x="435" y="380" width="90" height="50" rx="8" fill="#ffffff"/>`;

const capsules = (main: string, dark: string) => `
  <g transform="rotate(-30 480 360)">
    <rect x="300" y="300" width="360" height="120" rx="60" fill="#ffffff" stroke="${dark}" stroke-width="10"/>
    <path d="M480 300 h120 a60 60 0 0 1 0 120 h-120 z" fill="${main}"/>
  </g>
  <g transform="rotate(25 620 520)">
    <rect x="540" y="480" width="200" height="70" rx="35" fill="${main}" stroke="${dark}" stroke-width="8"/>
  </g>
  <circle cx="300" cy="530" r="52" fill="#ffffff" stroke="${dark}" stroke-width="8"/>
  <line x1="262" y1="530" x2="338" y2="530" stroke="${dark}" stroke-width="8"/>`;

const blister = (main: string, dark: string) => {
  const pills = [0, 1, 2]
    .flatMap((row) => [0, 1, 2, 3].map((col) => [330 + col * 100, 250 + row * 110] as const))
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="34" ry="40" fill="${main}" stroke="${dark}" stroke-width="6"/>`)
    .join('');
  return `<rect x="260" y="180" width="440" height="360" rx="30" fill="#f8fafc" stroke="${dark}" stroke-width="10"/>${pills}`;
};

const box = (main: string, dark: string) => `
  <path d="M300 250 L480 180 L660 250 L480 320 Z" fill="${main}" stroke="${dark}" stroke-width="8"/>
  <path d="M300 250 L480 320 L480 560 L300 490 Z" fill="#ffffff" stroke="${dark}" stroke-width="8"/>
  <path d="M660 250 L480 320 L480 560 L660 490 Z" fill="${main}" stroke="${dark}" stroke-width="8" opacity="0.85"/>
  <path d="M360 360 l60 24 M360 400 l60 24" stroke="${dark}" stroke-width="10" stroke-linecap="round"/>`;

const dropper = (main: string, dark: string) => `
  <rect x="440" y="150" width="80" height="110" rx="30" fill="${dark}"/>
  <rect x="420" y="250" width="120" height="40" rx="10" fill="${dark}"/>
  <rect x="380" y="285" width="200" height="290" rx="40" fill="#ffffff" stroke="${dark}" stroke-width="10"/>
  <rect x="405" y="360" width="150" height="120" rx="14" fill="${main}"/>
  <path d="M640 330 q-24 40 0 58 q24 -18 0 -58 z" fill="${main}" stroke="${dark}" stroke-width="6"/>`;

const pen = (main: string, dark: string) => `
  <g transform="rotate(-35 480 380)">
    <rect x="180" y="330" width="520" height="100" rx="40" fill="#ffffff" stroke="${dark}" stroke-width="10"/>
    <rect x="470" y="340" width="220" height="80" rx="30" fill="${main}"/>
    <rect x="280" y="350" width="120" height="60" rx="10" fill="#e2e8f0" stroke="${dark}" stroke-width="6"/>
    <rect x="700" y="355" width="70" height="50" rx="12" fill="${dark}"/>
    <rect x="120" y="370" width="70" height="20" rx="6" fill="${dark}"/>
  </g>`;

const tube = (main: string, dark: string) => `
  <g transform="rotate(-20 480 380)">
    <path d="M250 300 L620 300 L700 330 L700 430 L620 460 L250 460 Z" fill="#ffffff" stroke="${dark}" stroke-width="10"/>
    <rect x="230" y="290" width="40" height="180" rx="8" fill="${dark}"/>
    <rect x="320" y="330" width="240" height="100" rx="16" fill="${main}"/>
    <rect x="700" y="345" width="70" height="70" rx="12" fill="${dark}"/>
  </g>`;

const inhaler = (main: string, dark: string) => `
  <path d="M380 170 h150 a30 30 0 0 1 30 30 v260 h-210 v-260 a30 30 0 0 1 30 -30 z" fill="${main}" stroke="${dark}" stroke-width="10"/>
  <path d="M350 450 h260 a30 30 0 0 1 30 30 v80 h-290 z" fill="#ffffff" stroke="${dark}" stroke-width="10"/>
  <rect x="560" y="480" width="100" height="70" rx="12" fill="${dark}"/>`;

const spray = (main: string, dark: string) => `
  <rect x="455" y="140" width="50" height="90" rx="10" fill="${dark}"/>
  <rect x="500" y="160" width="90" height="30" rx="10" fill="${dark}"/>
  <rect x="410" y="225" width="140" height="40" rx="12" fill="${dark}"/>
  <rect x="380" y="260" width="200" height="320" rx="50" fill="#ffffff" stroke="${dark}" stroke-width="10"/>
  <rect x="405" y="340" width="150" height="150" rx="16" fill="${main}"/>
  <circle cx="650" cy="175" r="10" fill="${main}"/><circle cx="690" cy="160" r="8" fill="${main}"/><circle cx="690" cy="195" r="8" fill="${main}"/>`;

const patch = (main: string, dark: string) => `
  <g transform="rotate(-12 480 380)">
    <rect x="250" y="220" width="460" height="320" rx="60" fill="#fef9f3" stroke="${dark}" stroke-width="10"/>
    <rect x="330" y="290" width="300" height="180" rx="30" fill="${main}" opacity="0.85"/>
    ${[0, 1, 2, 3].map((i) => `<circle cx="${300 + i * 120}" cy="255" r="8" fill="${dark}" opacity="0.4"/>`).join('')}
  </g>`;

const SHAPES: Record<DosageForm, (main: string, dark: string) => string> = {
  Tablet: blister,
  Capsule: capsules,
  Syrup: bottle,
  Suspension: bottle,
  Injection: pen,
  Cream: tube,
  Ointment: tube,
  Gel: tube,
  Drops: dropper,
  Inhaler: inhaler,
  Spray: spray,
  Patch: patch,
  Powder: box,
};

/** The artwork of one category and dosage form; `index` only moves the background circles. */
export function medicineArtwork(category: Category, dosageForm: DosageForm, index: number): Buffer {
  const [light, main, dark] = PALETTES[category];
  const shape = SHAPES[dosageForm];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720" viewBox="0 0 960 720">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
  <rect width="960" height="720" fill="url(#bg)"/>
  <circle cx="${140 + index * 90}" cy="120" r="90" fill="${main}" opacity="0.12"/>
  <circle cx="820" cy="${600 - index * 40}" r="140" fill="${main}" opacity="0.1"/>
  <ellipse cx="480" cy="620" rx="240" ry="26" fill="${dark}" opacity="0.12"/>
  ${shape(main, dark)}
</svg>`;
  return Buffer.from(svg);
}
