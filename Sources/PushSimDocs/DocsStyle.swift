/// The documentation site's stylesheet (`style.css`).
///
/// System font stacks only (no web fonts), light and dark variants via
/// `prefers-color-scheme`, and a phone drawn in CSS: a 340 × 736 px screen (an iPhone's
/// 390 × 844 pt, scaled), a wallpaper gradient, translucent rounded cards with a backdrop blur
/// as iOS draws them, stacked plates under a group's leading card.
enum DocsStyle {
  static let css = #"""
    :root {
      color-scheme: light dark;
      --font: -apple-system, BlinkMacSystemFont, "SF Pro Text", "Segoe UI", Roboto, "Noto Sans",
        "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif;
      --mono: ui-monospace, "SF Mono", Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace;
      --page: #f2f2f7; --panel: #ffffff; --text: #1c1c1e; --muted: #6c6c70; --line: #d1d1d6;
      --accent: #007aff; --pass: #248a3d; --fail: #d70015;
      --apns: #0a66c2; --device: #248a3d; --model: #8944ab; --lint: #b25000;
      --used: rgba(0, 122, 255, .16); --warn: rgba(255, 149, 0, .28); --err: rgba(255, 59, 48, .28);
      --wallpaper: linear-gradient(160deg, #5e8bd6 0%, #9d7cd8 45%, #f0a6b5 100%);
      --card: rgba(255, 255, 255, .62); --card-text: #000; --card-muted: rgba(60, 60, 67, .72);
      --plate: rgba(255, 255, 255, .5); --on-wall: #fff;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --page: #000; --panel: #1c1c1e; --text: #f2f2f7; --muted: #98989f; --line: #38383a;
        --accent: #0a84ff; --pass: #30d158; --fail: #ff453a;
        --apns: #64a8ff; --device: #30d158; --model: #d48cff; --lint: #ff9f0a;
        --used: rgba(10, 132, 255, .3); --warn: rgba(255, 159, 10, .35); --err: rgba(255, 69, 58, .38);
        --wallpaper: linear-gradient(160deg, #0d1b3d 0%, #2b1747 50%, #4a1d3a 100%);
        --card: rgba(40, 40, 45, .66); --card-text: #fff; --card-muted: rgba(235, 235, 245, .62);
        --plate: rgba(72, 72, 78, .62);
      }
    }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body { margin: 0; background: var(--page); color: var(--text); font: 15px/1.45 var(--font); }
    a { color: var(--accent); }
    code, pre { font-family: var(--mono); font-size: 12.5px; }
    .page-head, main, footer { max-width: 1160px; margin: 0 auto; padding: 0 24px; }
    .page-head { padding-top: 28px; }
    h1 { font-size: 30px; margin: 8px 0; letter-spacing: -.02em; }
    .lede { color: var(--muted); max-width: 70ch; margin: 6px 0 12px; }
    footer { color: var(--muted); font-size: 13px; padding: 28px 24px 40px; }
    .result { display: inline-block; font-weight: 700; font-size: 11.5px; letter-spacing: .05em;
      border-radius: 6px; padding: 1px 7px; color: #fff; vertical-align: 2px; }
    .result.pass { background: var(--pass); } .result.fail { background: var(--fail); }
    .behaviours { list-style: none; padding: 0; margin: 6px 0; display: flex; flex-wrap: wrap; gap: 6px; }
    .behaviours li { font-size: 12px; border: 1px solid var(--line); border-radius: 999px;
      padding: 1px 9px; color: var(--muted); background: var(--panel); }
    .search { display: block; margin: 18px 0 8px; color: var(--muted); font-size: 13px; }
    .search input { display: block; width: 100%; max-width: 420px; margin-top: 4px; font: inherit;
      font-size: 16px; padding: 8px 12px; border-radius: 10px; border: 1px solid var(--line);
      background: var(--panel); color: var(--text); }
    .scenario-list { list-style: none; padding: 0; display: grid; gap: 10px;
      grid-template-columns: repeat(auto-fill, minmax(330px, 1fr)); }
    .scenario-item { background: var(--panel); border-radius: 14px; padding: 14px 16px;
      border: 1px solid var(--line); }
    .scenario-item > a { text-decoration: none; color: var(--text); font-weight: 600; }
    .scenario-item > a:hover .name { text-decoration: underline; }
    .scenario-item .description { color: var(--muted); font-size: 13.5px; margin: 6px 0; }
    [hidden] { display: none !important; }
    .legend { font-size: 12.5px; color: var(--muted); }
    .meta code { color: var(--muted); }
    .tag { display: inline-block; font: 600 10.5px/1.5 var(--font); letter-spacing: .04em;
      text-transform: uppercase; border-radius: 5px; padding: 0 6px; vertical-align: 1px; }
    .tag-apns { color: var(--apns); border: 1.5px solid var(--apns); }
    .tag-device { color: var(--device); border: 1.5px solid var(--device); }
    .tag-model { color: var(--model); border: 1.5px dashed var(--model); }
    .tag-lint { color: var(--lint); border: 1.5px dotted var(--lint); }
    mark { color: inherit; border-radius: 3px; padding: 0 1px; }
    mark.k-used { background: var(--used); } mark.k-warning { background: var(--warn); }
    mark.k-error { background: var(--err); }
    del { opacity: .55; }
    .timeline { list-style: none; padding: 0; margin: 20px 0; }
    .step { display: grid; grid-template-columns: minmax(0, 1fr) 370px; gap: 24px;
      background: var(--panel); border: 1px solid var(--line); border-radius: 18px;
      padding: 18px 20px; margin-bottom: 16px; }
    .step.failed { border-color: var(--fail); }
    .step-expect, .step:not(:has(.step-phone)) { grid-template-columns: minmax(0, 1fr); }
    .step h2 { font-size: 17px; margin: 0 0 8px; }
    .step h2 .anchor { display: inline-block; min-width: 26px; height: 26px; line-height: 26px;
      text-align: center; border-radius: 13px; background: var(--accent); color: #fff;
      text-decoration: none; font-size: 13px; margin-right: 4px; }
    .offset { font: 12.5px var(--mono); color: var(--muted); font-weight: 400; }
    .note { margin: 4px 0 10px; }
    .verdict { margin: 6px 0; } .verdict.accepted b { color: var(--pass); }
    .verdict.rejected b { color: var(--fail); }
    .label { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em;
      color: var(--muted); }
    .bytes { color: var(--muted); font-size: 12.5px; }
    .headers { border-collapse: collapse; margin: 6px 0; font-size: 13px; }
    .headers th { text-align: left; font-weight: 500; color: var(--muted); padding: 1px 14px 1px 0;
      font-family: var(--mono); font-size: 12.5px; }
    .payload { background: var(--page); border-radius: 10px; padding: 10px 12px; overflow-x: auto;
      white-space: pre-wrap; overflow-wrap: anywhere; margin: 8px 0; line-height: 1.5; }
    .j-str { color: #c41a16; } .j-num, .j-bool, .j-null { color: #1c00cf; }
    .j-key { color: var(--text); }
    @media (prefers-color-scheme: dark) {
      .j-str { color: #fc6a5d; } .j-num, .j-bool, .j-null { color: #d0bf69; }
    }
    .diagnostics, .cuts, .failures, .events ul { list-style: none; padding: 0; margin: 6px 0; }
    .diagnostics li, .cuts li, .events li, .failures li { margin: 4px 0; font-size: 13.5px; }
    .diag .severity { font-size: 11px; font-weight: 700; text-transform: uppercase; }
    .severity-error .severity { color: var(--fail); } .severity-warning .severity { color: var(--lint); }
    .severity-info .severity { color: var(--muted); }
    .code { font-weight: 600; }
    .failures li { color: var(--fail); }
    .failures li code { color: var(--text); }
    .checks.pass { color: var(--pass); font-weight: 600; } .checks.fail { color: var(--fail); font-weight: 600; }
    .events summary { cursor: pointer; color: var(--muted); font-size: 13px; margin-top: 8px; }
    .full-text { margin: 4px 0 0; padding: 6px 10px; border-left: 3px solid var(--line);
      color: var(--muted); white-space: pre-line; font-size: 13px; }

    /* ---- the phone ---- */
    .phone { margin: 0 0 18px; width: 364px; }
    .phone-label { font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em;
      color: var(--muted); margin: 0 0 6px; }
    .screen { position: relative; width: 364px; height: 760px; border-radius: 56px;
      border: 12px solid #0b0b0c; box-shadow: 0 0 0 2px #3a3a3c, 0 18px 40px rgba(0, 0, 0, .28);
      background: var(--wallpaper); overflow: hidden; color: var(--on-wall);
      font-family: var(--font); }
    .screen::before { content: ""; position: absolute; top: 10px; left: 50%; width: 104px;
      height: 30px; margin-left: -52px; border-radius: 16px; background: #000; z-index: 3; }
    .phone.unlocked .screen { background: var(--wallpaper); }
    .phone.unlocked .screen::after { content: ""; position: absolute; inset: 0;
      backdrop-filter: blur(18px); -webkit-backdrop-filter: blur(18px);
      background: rgba(0, 0, 0, .18); z-index: 0; }
    .screen > * { position: relative; z-index: 1; }
    .phone.asleep .screen { filter: brightness(.35) saturate(.6); }
    .status-bar { display: flex; justify-content: space-between; align-items: center;
      padding: 15px 26px 0 30px; height: 42px; font-size: 14px; font-weight: 600; }
    .status-icons { display: flex; gap: 5px; align-items: center; }
    .status-icons .icon { width: 16px; height: 16px; }
    .icon { width: 1em; height: 1em; vertical-align: -.15em; }
    .lock-glyph { text-align: center; margin-top: 6px; height: 22px; }
    .lock-glyph .icon { width: 20px; height: 20px; }
    .center-title { text-align: center; margin-top: 6px; height: 22px; font-size: 13px; font-weight: 600;
      opacity: .85; }
    .date-line { text-align: center; font-size: 18px; font-weight: 600; margin-top: 2px;
      text-shadow: 0 1px 2px rgba(0, 0, 0, .15); }
    .big-clock { text-align: center; font-size: 84px; font-weight: 700; line-height: 1;
      letter-spacing: -.02em; margin-top: -2px; text-shadow: 0 1px 3px rgba(0, 0, 0, .12); }
    .phone.unlocked .date-line, .phone.unlocked .big-clock { opacity: .9; }
    .focus-pill { display: table; margin: 8px auto 0; padding: 3px 11px; border-radius: 14px;
      background: rgba(255, 255, 255, .22); font-size: 13px; font-weight: 600; color: #fff; }
    .focus-pill .icon { margin-right: 5px; color: #bf9cff; }
    .stack-list { position: absolute; left: 10px; right: 10px; bottom: 96px; max-height: 440px;
      display: flex; flex-direction: column; justify-content: safe flex-end; gap: 8px;
      overflow: hidden; }
    .phone.unlocked .stack-list { bottom: 28px; max-height: 470px; }
    .older { text-align: center; font-size: 12.5px; font-weight: 600; opacity: .85; margin: 0; }
    .empty { text-align: center; font-size: 13px; opacity: .7; margin: 0 0 10px; }
    .group { position: relative; }
    .group.plates-1 { padding-bottom: 9px; } .group.plates-2 { padding-bottom: 17px; }
    .plate { position: absolute; height: 30px; z-index: -1; background: var(--plate);
      border-radius: 0 0 18px 18px; box-shadow: 0 1px 2px rgba(0, 0, 0, .08);
      backdrop-filter: blur(20px); -webkit-backdrop-filter: blur(20px); }
    .plate-1 { bottom: 0; left: 12px; right: 12px; }
    .plate-2 { bottom: 0; left: 26px; right: 26px; opacity: .8; }
    .group.plates-2 .plate-1 { bottom: 8px; }
    .card { display: flex; gap: 10px; align-items: flex-start; padding: 11px 13px 12px 11px;
      border-radius: 20px; background: var(--card); color: var(--card-text);
      backdrop-filter: blur(24px) saturate(1.6); -webkit-backdrop-filter: blur(24px) saturate(1.6);
      font-size: 14.5px; line-height: 1.28; box-shadow: 0 1px 2px rgba(0, 0, 0, .06); }
    .app-icon { flex: none; position: relative; width: 36px; height: 36px; border-radius: 9px;
      display: grid; place-items: center; color: #fff; font-weight: 700; font-size: 18px;
      background: linear-gradient(160deg, hsl(var(--icon-hue, 210) 80% 60%),
        hsl(var(--icon-hue, 210) 75% 45%)); margin-top: 1px; }
    .card-main { flex: 1; min-width: 0; }
    .card-head { display: flex; align-items: baseline; gap: 8px; }
    .card-head .title { flex: 1; min-width: 0; font-weight: 600; white-space: nowrap;
      overflow: hidden; text-overflow: ellipsis; }
    .when { flex: none; font-size: 12.5px; color: var(--card-muted); }
    .card-content { display: flex; gap: 10px; }
    .texts { flex: 1; min-width: 0; }
    .subtitle { font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .body { white-space: pre-line; overflow-wrap: anywhere; display: -webkit-box;
      -webkit-box-orient: vertical; overflow: hidden; }
    .body.lines-4 { -webkit-line-clamp: 4; line-clamp: 4; }
    .body.lines-2 { -webkit-line-clamp: 2; line-clamp: 2; }
    .hidden-preview .body { color: var(--card-muted); }
    .avatar { flex: none; width: 36px; height: 36px; border-radius: 50%; object-fit: cover; }
    .thumb { flex: none; width: 44px; height: 44px; object-fit: cover; border-radius: 8px;
      margin-top: 2px; }
    .summary { margin-top: 5px; font-size: 13px; color: var(--card-muted); }
    .level-tag { font-size: 11.5px; font-weight: 700; text-transform: uppercase; letter-spacing: .03em;
      margin-bottom: 2px; }
    .level-tag .icon { margin-right: 4px; }
    .level-time-sensitive .level-tag { color: #c77c00; }
    .level-critical { box-shadow: inset 0 0 0 2px #ff3b30; }
    .level-critical .level-tag { color: #ff3b30; }
    @media (prefers-color-scheme: dark) { .level-time-sensitive .level-tag { color: #ffd60a; } }
    .level-passive .card-head .title { font-weight: 500; }
    .banner { position: absolute; top: 48px; left: 8px; right: 8px; z-index: 4; }
    .banner-card { box-shadow: 0 10px 30px rgba(0, 0, 0, .28); background: var(--card);
      backdrop-filter: blur(30px) saturate(1.8); -webkit-backdrop-filter: blur(30px) saturate(1.8); }
    .phone.calling .screen { background: linear-gradient(180deg, #3a3f4b 0%, #1c1f26 100%); }
    .call-screen { position: absolute; inset: 0; display: flex; flex-direction: column;
      align-items: center; padding: 118px 24px 0; text-align: center; color: #fff; }
    .call-screen .call-caller { font-size: 34px; font-weight: 500; letter-spacing: -.01em;
      max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .call-screen .call-kind { margin-top: 4px; font-size: 17px; opacity: .8; }
    .call-slider { position: absolute; left: 26px; right: 26px; bottom: 84px; height: 64px;
      border-radius: 32px; background: rgba(255, 255, 255, .18); display: flex; align-items: center;
      backdrop-filter: blur(18px); -webkit-backdrop-filter: blur(18px); }
    .call-knob { width: 56px; height: 56px; margin: 0 4px; border-radius: 28px; background: #fff;
      color: #34c759; display: grid; place-items: center; }
    .call-knob .icon { width: 26px; height: 26px; }
    .call-slide-text { flex: 1; margin-right: 60px; font-size: 19px; opacity: .85; }
    .call-banner { display: flex; align-items: center; gap: 10px; padding: 12px 12px 12px 14px;
      border-radius: 28px; background: rgba(30, 30, 32, .86); color: #fff; margin-bottom: 8px;
      box-shadow: 0 10px 30px rgba(0, 0, 0, .28); }
    .call-texts { flex: 1; min-width: 0; }
    .call-banner .call-caller { font-weight: 600; font-size: 16px; overflow: hidden;
      text-overflow: ellipsis; white-space: nowrap; }
    .call-banner .call-kind { font-size: 13px; opacity: .7; }
    .call-button { flex: none; width: 42px; height: 42px; border-radius: 21px; display: grid;
      place-items: center; color: #fff; }
    .call-button .icon { width: 22px; height: 22px; }
    .call-button.decline { background: #ff3b30; }
    .call-button.accept { background: #34c759; }
    .press-overlay { position: absolute; inset: 0; z-index: 5; padding: 110px 12px 0;
      background: rgba(0, 0, 0, .32); backdrop-filter: blur(14px); -webkit-backdrop-filter: blur(14px); }
    .expanded { box-shadow: 0 12px 34px rgba(0, 0, 0, .3); }
    .actions { list-style: none; margin: 10px 40px 0 0; padding: 0; border-radius: 14px;
      overflow: hidden; background: var(--card); color: var(--card-text);
      backdrop-filter: blur(30px); -webkit-backdrop-filter: blur(30px); }
    .action { display: flex; justify-content: space-between; align-items: center;
      padding: 11px 16px; font-size: 16px; border-top: .5px solid rgba(128, 128, 128, .35); }
    .action:first-child { border-top: 0; }
    .action.destructive { color: #ff3b30; }
    .action.chosen { background: rgba(128, 128, 128, .22); }
    .action-icon { opacity: .7; margin-left: 8px; }
    .text-input { display: flex; align-items: center; justify-content: space-between; margin-top: 10px;
      padding: 8px 8px 8px 14px; border-radius: 20px; background: var(--card); color: var(--card-muted); }
    .text-input .send { color: var(--accent); font-size: 26px; line-height: 0; }
    .quick-buttons { position: absolute; left: 30px; right: 30px; bottom: 34px; display: flex;
      justify-content: space-between; }
    .quick-buttons span { width: 46px; height: 46px; border-radius: 23px; display: grid;
      place-items: center; background: rgba(0, 0, 0, .28); backdrop-filter: blur(10px); }
    .quick-buttons .icon { width: 20px; height: 20px; }
    .home-indicator { position: absolute; bottom: 8px; left: 50%; width: 124px; margin-left: -62px;
      height: 5px; border-radius: 3px; background: rgba(255, 255, 255, .85); z-index: 6; }
    .phone.home .screen::after { background: rgba(0, 0, 0, .04); backdrop-filter: none;
      -webkit-backdrop-filter: none; }
    .home-grid { display: grid; grid-template-columns: repeat(4, 1fr); row-gap: 18px;
      padding: 116px 18px 0; justify-items: center; }
    .home-app { display: flex; flex-direction: column; align-items: center; gap: 4px; width: 64px; }
    .home-app .app-icon, .placeholder-icon { width: 58px; height: 58px; border-radius: 14px;
      font-size: 26px; }
    .placeholder-icon { display: block; background: rgba(255, 255, 255, .28);
      backdrop-filter: blur(12px); -webkit-backdrop-filter: blur(12px); }
    .home-label { font-size: 11px; color: #fff; max-width: 64px; overflow: hidden;
      text-overflow: ellipsis; white-space: nowrap; text-shadow: 0 1px 2px rgba(0, 0, 0, .3); }
    .dock { position: absolute; left: 10px; right: 10px; bottom: 18px; height: 84px;
      border-radius: 30px; background: rgba(255, 255, 255, .26); display: flex;
      justify-content: space-around; align-items: center;
      backdrop-filter: blur(20px); -webkit-backdrop-filter: blur(20px); }
    .phone-caption { display: flex; align-items: center; gap: 10px; margin-top: 14px;
      font-size: 13px; color: var(--muted); }
    .home-icon { display: flex; flex-direction: column; align-items: center; gap: 3px; }
    .home-icon .app-icon { width: 46px; height: 46px; border-radius: 11px; font-size: 22px; }
    .home-name { font-size: 11px; color: var(--text); max-width: 64px; overflow: hidden;
      text-overflow: ellipsis; white-space: nowrap; }
    .badge { position: absolute; top: -7px; right: -9px; min-width: 22px; height: 22px;
      padding: 0 6px; border-radius: 11px; background: #ff3b30; color: #fff; font-size: 13px;
      font-weight: 600; line-height: 22px; text-align: center; }
    /* ---- Live Activities: Lock Screen and Dynamic Island ---- */
    .activity { padding: 11px 13px 12px; border-radius: 22px; background: rgba(0, 0, 0, .55);
      color: #fff; margin-bottom: 8px; font-size: 13.5px; }
    .activity.state-ended { opacity: .72; }
    .activity.banner-card { box-shadow: 0 10px 30px rgba(0, 0, 0, .28); }
    .activity-head { display: flex; align-items: center; gap: 8px; font-weight: 600; }
    .activity-head .app-icon, .island .app-icon, .island-detached .app-icon { width: 22px;
      height: 22px; border-radius: 6px; font-size: 12px; flex: none; }
    .activity-type { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis;
      white-space: nowrap; }
    .activity-state { font-size: 11px; text-transform: uppercase; letter-spacing: .05em;
      padding: 1px 7px; border-radius: 999px; background: rgba(255, 255, 255, .22); }
    .activity-alert { margin-top: 6px; overflow-wrap: anywhere; }
    .activity-fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
      gap: 4px 10px; margin: 8px 0 0; }
    .activity-fields dt { font-size: 11px; color: rgba(235, 235, 245, .62); }
    .activity-fields dd { margin: 0; font-weight: 600; overflow: hidden; text-overflow: ellipsis;
      white-space: nowrap; }
    .screen > .island { position: absolute; top: 10px; left: 50%; z-index: 5; background: #000;
      color: #fff; display: flex; align-items: center; }
    .island-compact { width: 220px; margin-left: -110px; height: 30px; border-radius: 16px;
      padding: 0 10px; justify-content: space-between; font-size: 12.5px; font-weight: 600; }
    .island-camera { width: 96px; flex: none; }
    .island-trailing { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .island-minimal { width: 136px; margin-left: -84px; height: 30px; border-radius: 16px;
      padding: 0 5px; }
    .screen > .island-detached { position: absolute; top: 10px; left: 50%; margin-left: 58px;
      z-index: 5; width: 30px; height: 30px; border-radius: 15px; background: #000;
      display: flex; align-items: center; justify-content: center; }
    .screen > .island-expanded { left: 8px; right: 8px; display: block; padding: 14px 18px 16px;
      border-radius: 40px; font-size: 13.5px; }
    @media (max-width: 860px) { .step { grid-template-columns: minmax(0, 1fr); } }

    """#
}
