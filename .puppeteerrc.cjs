// Puppeteer uses Debian's /usr/bin/chromium; never download a browser.
module.exports = { skipDownload: true };
