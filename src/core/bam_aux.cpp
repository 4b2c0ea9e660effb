#include "core/bam_aux.hpp"

#include <fmt/format.h>

#include <bit>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic {

namespace {

// Bytes per element of a B array's subtype; 0 for a subtype SAM does not define.
std::size_t array_element_size(char subtype) {
    switch (subtype) {
        case 'c':
        case 'C':
            return 1;
        case 's':
        case 'S':
            return 2;
        case 'i':
        case 'I':
        case 'f':
            return 4;
        default:
            return 0;
    }
}

std::size_t integer_size(char type) {
    return type == 'f' ? 0 : array_element_size(type);
}

InputError field_error(const std::string& tag, const std::string& what) {
    return InputError(fmt::format("optional field {}: {}", tag, what));
}

// One field read from `type_at` (where bam_aux_get would point: the type byte) up to `end`;
// returns the number of value bytes it took.
std::size_t read_value(const std::string& tag, const std::uint8_t* type_at, const std::uint8_t* end,
                       AuxValue& value) {
    const std::uint8_t* data = type_at + 1;
    const auto available = static_cast<std::size_t>(end - data);
    auto need = [&](std::uint64_t bytes) {
        if (available < bytes) throw field_error(tag, "truncated value (corrupt record)");
    };
    const char type = static_cast<char>(*type_at);
    if (std::size_t size = integer_size(type); size != 0) {
        need(size);
        value = static_cast<std::int64_t>(bam_aux2i(type_at));
        return size;
    }
    switch (type) {
        case 'A':
            need(1);
            value = bam_aux2A(type_at);
            return 1;
        case 'f':
            need(4);
            value = static_cast<float>(bam_aux2f(type_at));
            return 4;
        case 'd':
            need(8);
            value = bam_aux2f(type_at);
            return 8;
        case 'Z':
        case 'H': {
            const void* nul = std::memchr(data, 0, available);
            if (!nul) throw field_error(tag, "text without its terminating NUL (corrupt record)");
            std::string text(reinterpret_cast<const char*>(data),
                             static_cast<const std::uint8_t*>(nul) - data);
            std::size_t size = text.size() + 1;
            if (type == 'Z')
                value = std::move(text);
            else
                value = AuxHex{std::move(text)};
            return size;
        }
        case 'B': {
            need(5);
            const char subtype = static_cast<char>(data[0]);
            const std::size_t element = array_element_size(subtype);
            if (element == 0)
                throw field_error(tag,
                                  fmt::format("unknown array type {}", quoted_character(subtype)));
            const std::uint32_t count = bam_auxB_len(type_at);
            need(5 + std::uint64_t{count} * element);
            if (subtype == 'f') {
                AuxFloatArray array;
                array.values.reserve(count);
                for (std::uint32_t i = 0; i < count; ++i)
                    array.values.push_back(static_cast<float>(bam_auxB2f(type_at, i)));
                value = std::move(array);
            } else {
                AuxIntegerArray array{subtype, {}};
                array.values.reserve(count);
                for (std::uint32_t i = 0; i < count; ++i)
                    array.values.push_back(bam_auxB2i(type_at, i));
                value = std::move(array);
            }
            return 5 + std::size_t{count} * element;
        }
        default:
            throw field_error(tag, fmt::format("unknown type {}", quoted_character(type)));
    }
}

bool is_tag(const std::string& tag) {
    auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    return tag.size() == 2 && letter(tag[0]) && (letter(tag[1]) || digit(tag[1]));
}

// The range of each integer type of BAM: one value is written in the smallest that holds it.
bool in_integer_range(char type, std::int64_t v) {
    switch (type) {
        case 'c':
            return v >= INT8_MIN && v <= INT8_MAX;
        case 'C':
            return v >= 0 && v <= UINT8_MAX;
        case 's':
            return v >= INT16_MIN && v <= INT16_MAX;
        case 'S':
            return v >= 0 && v <= UINT16_MAX;
        case 'i':
            return v >= INT32_MIN && v <= INT32_MAX;
        case 'I':
            return v >= 0 && v <= UINT32_MAX;
        default:  // a single integer: any of them
            return v >= INT32_MIN && v <= UINT32_MAX;
    }
}

struct ValueChecker {
    const std::string& tag;

    void operator()(std::int64_t v) const {
        if (!in_integer_range(0, v))
            throw field_error(tag, fmt::format("integer {} is outside BAM's range ({} to {})", v,
                                               INT32_MIN, UINT32_MAX));
    }
    void operator()(char c) const {
        if (c < '!' || c > '~')
            throw field_error(tag, fmt::format("type A holds one printable character, not {}",
                                               quoted_character(c)));
    }
    void operator()(float) const {}
    void operator()(double) const {}
    void operator()(const std::string& text) const {
        for (char c : text)
            if (c < ' ' || c > '~')
                throw field_error(
                    tag, fmt::format("type Z holds printable text, not {}", quoted_character(c)));
    }
    void operator()(const AuxHex& hex) const {
        for (char c : hex.digits)
            if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f')))
                throw field_error(
                    tag, fmt::format("type H holds hex digits, not {}", quoted_character(c)));
        if (hex.digits.size() % 2 != 0)
            throw field_error(tag, "type H needs an even number of hex digits");
    }
    void operator()(const AuxIntegerArray& array) const {
        if (integer_size(array.subtype) == 0)
            throw field_error(tag,
                              fmt::format("integer arrays have type c, C, s, S, i or I, not {}",
                                          quoted_character(array.subtype)));
        for (std::int64_t v : array.values)
            if (!in_integer_range(array.subtype, v))
                throw field_error(tag,
                                  fmt::format("{} does not fit array type '{}'", v, array.subtype));
    }
    void operator()(const AuxFloatArray&) const {}
};

void throw_if_failed(int status, const std::string& tag) {
    if (status >= 0) return;
    int err = errno;
    if (err == ENOMEM)
        throw ResourceError(fmt::format("out of memory adding optional field {}", tag));
    throw InternalError(fmt::format("htslib refused optional field {} after it was checked: {}",
                                    tag, errno_reason(err)));
}

template <class Element>
int append_integer_array(bam1_t& bam, const char* tag, const AuxIntegerArray& array) {
    std::vector<Element> elements(array.values.begin(), array.values.end());
    return bam_aux_update_array(&bam, tag, static_cast<std::uint8_t>(array.subtype),
                                static_cast<std::uint32_t>(elements.size()), elements.data());
}

struct ValueAppender {
    bam1_t& bam;
    const char* tag;

    int operator()(std::int64_t v) const { return bam_aux_update_int(&bam, tag, v); }
    int operator()(char c) const {
        auto byte = static_cast<std::uint8_t>(c);
        return bam_aux_append(&bam, tag, 'A', 1, &byte);
    }
    int operator()(float v) const { return bam_aux_update_float(&bam, tag, v); }
    int operator()(double v) const {
        // htslib has no setter for 'd'; BAM stores it little-endian, as this host does.
        static_assert(std::endian::native == std::endian::little);
        std::uint8_t bytes[sizeof v];
        std::memcpy(bytes, &v, sizeof v);
        return bam_aux_append(&bam, tag, 'd', sizeof v, bytes);
    }
    int operator()(const std::string& text) const { return append_text('Z', text); }
    int operator()(const AuxHex& hex) const { return append_text('H', hex.digits); }
    int operator()(const AuxIntegerArray& array) const {
        switch (array.subtype) {
            case 'c':
                return append_integer_array<std::int8_t>(bam, tag, array);
            case 'C':
                return append_integer_array<std::uint8_t>(bam, tag, array);
            case 's':
                return append_integer_array<std::int16_t>(bam, tag, array);
            case 'S':
                return append_integer_array<std::uint16_t>(bam, tag, array);
            case 'i':
                return append_integer_array<std::int32_t>(bam, tag, array);
            default:
                return append_integer_array<std::uint32_t>(bam, tag, array);
        }
    }
    int operator()(const AuxFloatArray& array) const {
        std::vector<float> values = array.values;  // htslib takes a non-const pointer
        return bam_aux_update_array(&bam, tag, 'f', static_cast<std::uint32_t>(values.size()),
                                    values.data());
    }

    int append_text(char type, const std::string& text) const {
        return bam_aux_append(&bam, tag, type, static_cast<int>(text.size() + 1),
                              reinterpret_cast<const std::uint8_t*>(text.c_str()));
    }
};

}  // namespace

void read_aux_fields(const bam1_t& bam, std::vector<AuxField>& fields) {
    fields.clear();
    const std::uint8_t* at = bam_get_aux(&bam);
    const std::uint8_t* end = bam.data + bam.l_data;
    while (at < end) {
        if (end - at < 3) throw InputError("optional fields: truncated (corrupt record)");
        AuxField& field = fields.emplace_back();
        field.tag.assign(reinterpret_cast<const char*>(at), 2);
        at += 3 + read_value(field.tag, at + 2, end, field.value);
    }
}

void check_aux_fields(const std::vector<AuxField>& fields) {
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::string& tag = fields[i].tag;
        if (!is_tag(tag))
            throw InputError(fmt::format(
                "optional field tag '{}' is not two characters [A-Za-z][A-Za-z0-9]", tag));
        for (std::size_t j = 0; j < i; ++j)
            if (fields[j].tag == tag) throw field_error(tag, "appears twice");
        std::visit(ValueChecker{tag}, fields[i].value);
    }
}

void append_aux_fields(const std::vector<AuxField>& fields, bam1_t& bam) {
    for (const AuxField& field : fields)
        throw_if_failed(std::visit(ValueAppender{bam, field.tag.c_str()}, field.value), field.tag);
}

}  // namespace tropic
