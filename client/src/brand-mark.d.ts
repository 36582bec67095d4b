/** The shop's mark as SVG markup: public/favicon.svg, read at build time by vite.config.ts's brandMark plugin. */
declare module 'virtual:brand-mark' {
  const markup: string;
  export default markup;
}
