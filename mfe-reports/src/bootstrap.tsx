import { mount } from './mount';

// The remote's own page (its dist/index.html): the remote alone, signing in against the API that serves it.
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
mount(root, { apiBaseUrl: new URLSearchParams(window.location.search).get('api') ?? '' });
