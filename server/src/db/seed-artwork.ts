import { CATEGORIES, type Category } from '@apotheca/contract';

// Demo product artwork is drawn here as SVG and rasterised at seed time: nothing is downloaded and
// no text is drawn, so it renders the same on a machine without fonts.

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

const SHAPES = [bottle, capsules, blister, box];

export function medicineArtwork(category: Category, index: number): Buffer {
  const [light, main, dark] = PALETTES[category];
  const shape = SHAPES[(index + CATEGORIES.indexOf(category)) % SHAPES.length]!;
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
