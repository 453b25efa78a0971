// "Watch the bot": plays the current game move by move at the chosen speed (or one step at a time).
// step() is the app's: it asks the server for one bot move and shows it; it resolves to
// true while the game goes on.

export const SPEEDS = { slow: 2000, normal: 900, fast: 250 }; // milliseconds between moves

export class BotRunner {
  constructor({ playButton, speedSelect, texts, step, queue }) {
    this.playButton = playButton;
    this.speedSelect = speedSelect;
    this.texts = texts;
    this.step = step;
    this.queue = queue;
    this.running = false;
    this.timer = null;
    this.render();
  }

  delay() {
    return SPEEDS[this.speedSelect.value] ?? SPEEDS.normal;
  }

  toggle() {
    if (this.running) this.pause();
    else this.play();
  }

  play() {
    this.running = true;
    this.render();
    this.schedule(0);
  }

  pause() {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = null;
    this.playButton.dataset.scheduled = "false";
    this.render();
  }

  // one move now (the Step button): pauses a running bot first
  stepOnce() {
    this.pause();
    return this.queue(() => this.step());
  }

  // the next move after ``delay``; the Play button's data-scheduled says whether one is waiting for its time
  schedule(delay) {
    clearTimeout(this.timer);
    this.playButton.dataset.scheduled = "true";
    this.timer = setTimeout(() => {
      this.timer = null;
      this.playButton.dataset.scheduled = "false";
      this.queue(() => this.tick());
    }, delay);
  }

  async tick() {
    if (!this.running) return;
    let more = false;
    try {
      more = await this.step();
    } catch (error) {
      this.pause();
      throw error;
    }
    if (!more) this.pause();
    else if (this.running) this.schedule(this.delay());
  }

  render() {
    this.playButton.setAttribute("aria-pressed", String(this.running));
    this.playButton.textContent = this.running ? this.texts.botPause : this.texts.botPlay;
    this.playButton.dataset.running = String(this.running);
  }
}
