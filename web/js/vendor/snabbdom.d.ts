// Types of the bundled snabbdom (js/vendor/snabbdom.js): those of the npm package it is built from.
export { init, h, vnode, toVNode, attributesModule, propsModule, styleModule, eventListenersModule } from 'snabbdom';
export type { VNode, VNodeData, Hooks } from 'snabbdom';
