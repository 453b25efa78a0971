// The game clock: the server's elapsed seconds, ticking locally while the game runs.

export class Timer {
  constructor(output, locale) {
    this.output = output;
    this.format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    this.base = 0;
    this.since = 0;
    this.running = false;
    this.handle = null;
  }

  sync(elapsed, running) {
    this.base = elapsed;
    this.since = performance.now();
    this.running = running;
    clearInterval(this.handle);
    this.handle = running ? setInterval(() => this.show(), 250) : null;
    this.show();
  }

  seconds() {
    const extra = this.running ? (performance.now() - this.since) / 1000 : 0;
    return Math.floor(this.base + extra);
  }

  show() {
    this.output.textContent = this.format.format(this.seconds());
  }
}
