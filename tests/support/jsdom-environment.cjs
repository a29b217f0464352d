// jsdom lacks TextEncoder/structuredClone, which react-router 7 and rjsf 6 need (see shared/STACK.md).
const { TestEnvironment } = require('jest-environment-jsdom');
const { TextEncoder, TextDecoder } = require('node:util');

class JsdomWithNodeGlobals extends TestEnvironment {
  async setup() {
    await super.setup();
    this.global.TextEncoder = TextEncoder;
    this.global.TextDecoder = TextDecoder;
    this.global.structuredClone = structuredClone;
  }
}
module.exports = JsdomWithNodeGlobals;
