import { describe, expect, it } from 'vitest';
import { CONTENT_POLICY, RICH_TEXT_POLICY, sanitizeHtml, type HtmlPolicy } from './sanitize';

/**
 * XSS corpus (issue 18: "the HTML sanitiser of rich text on a maintained library, with at least the OWASP
 * filter-evasion cases"): the OWASP XSS Filter Evasion Cheat Sheet's vectors, plus SVG/MathML and
 * mutation cases. Each output is checked for anything executable rather than for an exact string, so
 * the library may serialise as it likes while nothing runs.
 */
const CORPUS: readonly string[] = [
  // Basic and case-varied script tags.
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<script>alert(1)</script>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT/SRC="https://xss.example/xss.js"></SCRIPT>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=https://xss.example/xss.js?< B >',
  '<SCRIPT SRC=//xss.example/.j>',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<SCRIPT a=">" SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT =">" SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT "a=\'>\'" SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT a=`>` SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="https://xss.example/xss.js"></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  // javascript: URLs, every spelling.
  '<a href="javascript:alert(1)">x</a>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<a onmouseover=alert(document.cookie)>xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">x</a>',
  '<a href="jav\tascript:alert(\'XSS\');">x</a>',
  '<a href="jav&#x09;ascript:alert(\'XSS\');">x</a>',
  '<a href="jav&#x0A;ascript:alert(\'XSS\');">x</a>',
  '<a href="jav&#x0D;ascript:alert(\'XSS\');">x</a>',
  '<a href="java\0script:alert(\'XSS\')">x</a>',
  '<a href=" &#14;  javascript:alert(\'XSS\');">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="jav&amp;#x61;script:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  // vbscript:, livescript:, data: URLs.
  '<a href="vbscript:msgbox(\'XSS\')">x</a>',
  '<IMG SRC=\'vbscript:msgbox("XSS")\'>',
  '<IMG SRC="livescript:[code]">',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="DaTa:text/html,<script>alert(1)</script>">x</a>',
  // Event handlers and odd attribute syntax.
  "<BODY ONLOAD=alert('XSS')>",
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<p onclick=alert(1)//>x</p>',
  "<div/onmouseover='alert(1)'>style</div>",
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<marquee onstart=alert(1)>',
  // Frames, objects, embeds, meta, base, link.
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  // Style: expressions, url(), behaviours, imports.
  "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
  '<STYLE>BODY{-moz-binding:url("https://xss.example/xssmoz.xml#xss")}</STYLE>',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<p style="margin-left: expression(alert(1))">x</p>',
  '<p style="margin:0;behavior:url(xss.htc)">x</p>',
  '<p style="text-align: left; background: url(javascript:alert(1))">x</p>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">',
  // SVG and MathML.
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:alert(1)">CLICKME</math>',
  '<math><maction actiontype="statusline#http://xss.example" xlink:href="javascript:alert(1)">CLICKME</maction></math>',
  // Mutation XSS and malformed tags, comments, CDATA, nested quotes.
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<]]><script>alert(1)</script>',
  '<?xml version="1.0"?><script>alert(1)</script>',
  '<a href="/x" title=\'"><script>alert(1)</script>\'>x</a>',
  '<a title="x" href="/y" onclick="alert(\'a\'&quot;b&quot;)">x</a>',
  '<a title=\'a"b\' href="/x"onmouseover="alert(1)">x</a>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<textarea><script>alert(1)</script></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<template><script>alert(1)</script></template>',
  '<p>unterminated <b onclick="alert(1)',
  '<a href="/x"<script>alert(1)</script>>x</a>',
  '<<a href="javascript:alert(1)">x</a>',
  '<a href="javascript:alert(1)" href="/ok">first wins</a>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
];

/** Everything a browser could run in sanitised output; none may appear. */
function executableParts(html: string): string[] {
  const found: string[] = [];
  const tags = [...html.matchAll(/<\/?([a-z][a-z0-9-]*)([^>]*)>/gi)];
  for (const [, name, attributes] of tags) {
    if (
      /^(script|style|iframe|frame|frameset|object|embed|svg|math|meta|base|link|form|button|input|textarea|template|noscript|body|video|source|details|marquee|title|xmp)$/i.test(
        name!,
      )
    )
      found.push(`element ${name}`);
    for (const [, attribute, value] of attributes!.matchAll(/\s([^\s=]+)(?:="([^"]*)")?/g)) {
      if (/^on/i.test(attribute!)) found.push(`handler ${attribute}`);
      if (/^(xlink:href|action|formaction|background|data|srcdoc)$/i.test(attribute!)) found.push(`attribute ${attribute}`);
      const decoded = (value ?? '').replace(/&#x?[0-9a-f]+;?|&[a-z]+;/gi, '').replace(/[\s\0]/g, '');
      // A URL runs script only through its scheme: any scheme but these (or a ':' in a relative first segment).
      if (/^(href|src)$/i.test(attribute!) && /^[^/?#]*:/.test(decoded) && !/^(https?|mailto|tel):/i.test(decoded))
        found.push(`url ${attribute}=${value}`);
      if (/^style$/i.test(attribute!) && /expression|url\(|behavior|binding|javascript|\\/i.test(value ?? '')) found.push(`style ${value}`);
    }
  }
  // Any tag-like text left unescaped outside the tags we parsed would be a parser differential.
  if (/<(?![a-z/])/i.test(html)) found.push('raw <');
  return found;
}

describe('XSS corpus (OWASP filter-evasion cheat sheet, SVG/MathML, mutation cases)', () => {
  for (const [label, policy] of [
    ['RICH_TEXT_POLICY', RICH_TEXT_POLICY],
    ['CONTENT_POLICY', CONTENT_POLICY],
  ] as Array<[string, HtmlPolicy]>) {
    it(`${label}: no vector yields an executable element, attribute, URL or style, and a second pass is stable`, () => {
      for (const vector of CORPUS) {
        const once = sanitizeHtml(vector, policy);
        expect(executableParts(once), `${vector}\n=> ${once}`).toEqual([]);
        expect(once, vector).not.toMatch(/javascript:|vbscript:|livescript:|data:/i);
        expect(sanitizeHtml(once, policy), vector).toBe(once);
      }
    });
  }

  it("keeps the editor's legitimate content unchanged (heading, bold, italic, link, lists, indent, quote, table)", () => {
    const editor =
      '<h1>Title</h1><h2>Spec</h2><h3>Sub</h3><p><strong>Bold</strong>, <b>b</b>, <em>italic</em>, <i>i</i>, <u>u</u>, <s>s</s><br></p>' +
      '<p><a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">site</a> ' +
      '<a href="/paddock/lot-1" rel="noopener noreferrer nofollow" target="_blank">lot</a> ' +
      '<a href="mailto:a@b.example" rel="noopener noreferrer nofollow" target="_blank">mail</a></p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote>quoted</blockquote>' +
      '<blockquote style="margin:0 0 0 40px;border:none;padding:0px"><p>indented</p></blockquote>' +
      '<div style="text-align:center">centred</div>' +
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>a</td><td rowspan="1">b</td></tr></tbody></table>' +
      '<p>1 &lt; 2 &amp; 3 &gt; 2</p>';
    expect(sanitizeHtml(editor, RICH_TEXT_POLICY)).toBe(editor);
  });
});
