/** Imported images are URLs in the browser; in jsdom a readable stand-in name is enough. */
module.exports = 'asset.svg';
