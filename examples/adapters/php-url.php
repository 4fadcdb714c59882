<?php
// urispec diff adapter: PHP's URL functions (standard library), either of them:
//
//   php examples/adapters/php-url.php parse_url    # parse_url(): valid unless it returns false
//   php examples/adapters/php-url.php filter_var   # filter_var($s, FILTER_VALIDATE_URL)
//
// parse_url's manual: "This function is not meant to validate the given URL, it only breaks
// it up into the parts listed below. Partial and invalid URLs are also accepted, parse_url()
// tries its best to parse them correctly." FILTER_VALIDATE_URL says it "Validates value as URL
// (according to » http://www.faqs.org/rfcs/rfc2396)", and wants a scheme and, for most, a host.
// Components are parse_url's. PHP has no resolution of references: no resolution mode.
$which = $argv[1] ?? 'parse_url';
if ($which === 'resolve' || ($argv[2] ?? '') === 'resolve') {
    fwrite(STDERR, "PHP has no resolution of references: this adapter has no resolution mode\n");
    exit(3);
}
while (($line = fgets(STDIN)) !== false) {
    $input = json_decode($line);
    if (!is_string($input)) {
        $answer = ['valid' => false, 'error' => 'the line is not a JSON string this PHP can decode'];
    } else {
        $parts = parse_url($input);
        $components = $parts === false ? null : [
            'scheme' => $parts['scheme'] ?? null,
            'userinfo' => isset($parts['user']) ? $parts['user'] . (isset($parts['pass']) ? ':' . $parts['pass'] : '') : null,
            'host' => $parts['host'] ?? null,
            'port' => isset($parts['port']) ? (string) $parts['port'] : null,
            'path' => $parts['path'] ?? null,
            'query' => $parts['query'] ?? null,
            'fragment' => $parts['fragment'] ?? null,
        ];
        $valid = $which === 'filter_var' ? filter_var($input, FILTER_VALIDATE_URL) !== false : $parts !== false;
        $answer = ['valid' => $valid];
        if ($components !== null) $answer['components'] = $components;
    }
    echo json_encode($answer, JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
    flush();
}
