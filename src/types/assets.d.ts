/** Gatsby's webpack turns an imported image into its URL (small ones inline as data: URLs). */
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
