// What the client uses of snabbdom (https://github.com/snabbdom/snabbdom, MIT):
// bundled by vendor/build.mjs into js/vendor/snabbdom.js.
export { init, h, vnode, toVNode, attributesModule, propsModule, styleModule, eventListenersModule } from 'snabbdom';
