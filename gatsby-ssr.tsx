/** Server rendering needs nothing beyond what gatsby-plugin-styled-components and the Head API give. */
export {};
