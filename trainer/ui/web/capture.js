// The page's microphone for counting aloud (an AudioWorklet, loaded by the page from the
// server): the microphone's samples, at the audio context's rate, averaged down to the
// recogniser's 16 kHz and sent to the page in chunks of 16-bit little-endian samples
// (`processorOptions`: rate, the samples a chunk). Averaging each output sample's span of
// input is a low-pass filter as well as the resampling: no alias of what lies above 8 kHz.
class MugginsCapture extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const wanted = options.processorOptions;
    this.step = sampleRate / wanted.rate; // input samples an output sample spans
    this.chunk = new Int16Array(wanted.chunk);
    this.filled = 0;
    this.sum = 0;
    this.taken = 0;
    this.phase = 0;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) {
      return true;
    }
    for (let i = 0; i < channel.length; i += 1) {
      this.sum += channel[i];
      this.taken += 1;
      this.phase += 1;
      if (this.phase >= this.step) {
        this.phase -= this.step;
        const mean = Math.max(-1, Math.min(1, this.sum / this.taken));
        this.chunk[this.filled] = mean < 0 ? mean * 0x8000 : mean * 0x7fff;
        this.filled += 1;
        this.sum = 0;
        this.taken = 0;
        if (this.filled === this.chunk.length) {
          this.port.postMessage(this.chunk.buffer.slice(0));
          this.filled = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor("muggins-capture", MugginsCapture);
